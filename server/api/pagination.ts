import { z } from 'zod';
import type { Cursor, PageEdges } from '../db/keyset';

/** A position carried by a page link: `n` (next: after) or `p` (previous: before), then the row's time and id. */
const CURSOR = /^([np])(\d{1,16})\.(\d{1,12})$/;

export const pageQuery = (defaultSize: number, maxSize: number) =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
    cursor: z
      .string()
      .regex(CURSOR, 'Not a cursor of this list: follow the next and previous links as given.')
      .optional()
      .transform((raw): Cursor | undefined => {
        const match = raw === undefined ? null : CURSOR.exec(raw);
        return match ? { toward: match[1] === 'n' ? 'next' : 'previous', at: Number(match[2]), id: Number(match[3]) } : undefined;
      }),
  });

/**
 * DRF's page links: absolute URLs of the same path with the page changed, or null. Given the page's
 * edges, the links also carry where the next and previous pages begin (`cursor`), so a client that
 * follows them walks a list of any length without the server skipping rows; the page numbers stay, for
 * clients that count pages (docs/decisions/056). The link to the first page needs none.
 */
export function pageLinks(origin: string, originalUrl: string, page: number, pageSize: number, count: number, edges?: PageEdges) {
  const link = (target: number, cursor: string | null) => {
    const url = new URL(originalUrl, origin);
    url.searchParams.set('page', String(target));
    url.searchParams.set('page_size', String(pageSize));
    if (cursor === null) url.searchParams.delete('cursor');
    else url.searchParams.set('cursor', cursor);
    return url.toString();
  };
  return {
    next: page * pageSize < count ? link(page + 1, edges ? `n${edges.last.at}.${edges.last.id}` : null) : null,
    previous: page > 1 ? link(page - 1, edges && page > 2 ? `p${edges.first.at}.${edges.first.id}` : null) : null,
  };
}
