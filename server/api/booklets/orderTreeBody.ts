import { z } from 'zod';
import { BOOKLET_MAX_DEPTH, BOOKLET_MAX_ITEMS, type BookletOrderNode, type BookletReorderRequest } from '../../../shared/bookletManagement';
import { ApiError } from '../errors';
import { requestSchema } from '../requestSchema';

const orderNode = z.object({
  id: z.number().int().positive(),
  order: z.number().int().min(0).max(1_000_000),
  children: z.array(z.unknown()).max(BOOKLET_MAX_ITEMS).optional(),
});
const orderBody = requestSchema<BookletReorderRequest>()(z.object({ detail: z.array(z.unknown()).max(BOOKLET_MAX_ITEMS) }));

/**
 * The body of `PUT /api/booklet/{id}/`: `{detail: [{id, order, children}]}`. Checked one level
 * at a time so that a body nested deeper than any booklet may be is refused before it is walked.
 */
export function parseOrderTree(body: unknown): BookletOrderNode[] {
  const { detail } = orderBody.parse(body);
  let count = 0;
  const parseLevel = (nodes: readonly unknown[], depth: number, path: string): BookletOrderNode[] => {
    if (depth > BOOKLET_MAX_DEPTH) throw ApiError.detail(400, `Directories nest at most ${BOOKLET_MAX_DEPTH} levels deep.`);
    return nodes.map((raw, index) => {
      const parsed = orderNode.safeParse(raw);
      if (!parsed.success) throw new ApiError(400, { [`${path}.${index}`]: [parsed.error.issues[0]?.message ?? 'Invalid item.'] });
      count += 1;
      if (count > BOOKLET_MAX_ITEMS) throw ApiError.detail(400, `A booklet holds at most ${BOOKLET_MAX_ITEMS} items.`);
      const { id, order, children = [] } = parsed.data;
      return { id, order, children: parseLevel(children, depth + 1, `${path}.${index}.children`) };
    });
  };
  return parseLevel(detail, 1, 'detail');
}
