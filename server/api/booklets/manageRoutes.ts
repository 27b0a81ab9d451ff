import { Router, type Request } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  BOOKLET_DESCRIPTION_MAX,
  BOOKLET_DIRECTORY_TITLE_MAX,
  BOOKLET_HEADING_MAX,
  BOOKLET_NAME_MAX,
  BOOKLET_PAGE_SIZE,
  type BookletFormText,
  type BookletItemChanges,
  type ManagedBooklet,
  type NewBookletItem,
} from '../../../shared/bookletManagement';
import type { Page } from '../../../shared/entities';
import { parseBookletPrice } from '../../../shared/price';
import type { DB } from '../../db/schema';
import type { MediaStore } from '../../media/mediaStore';
import { requireUser } from '../auth';
import { ApiError } from '../errors';
import { rejectNulCharacters } from '../nulCharacters';
import { pageLinks, pageQuery } from '../pagination';
import { requestSchema } from '../requestSchema';
import { ownBooklet } from '../../booklets/manageAccess';
import { createOwnBooklet, deleteOwnBooklet, restoreOwnBooklet, updateOwnBooklet } from '../../booklets/manageBooklet';
import { bookletForm } from './bookletForm';
import { COVER_NOT_AN_IMAGE } from '../../booklets/manageCover';
import { addBookletItem, removeBookletItem, updateBookletItem } from '../../booklets/manageItems';
import { listOwnBooklets } from '../../booklets/manageList';
import { reorderOwnBooklet } from '../../booklets/manageReorder';
import { parseOrderTree } from './orderTreeBody';
import { managedBookletWithTree } from '../../booklets/manageView';
import { MAX_ROW_ID } from '../../db/rowId';

type Deps = { db: Kysely<DB>; media: MediaStore; now: () => number; origin: string };

const COVER_REFUSED = 'The cover must be a JPEG, PNG, GIF or WebP image.';
const rowId = z.number().int().positive().max(MAX_ROW_ID);

const listQuery = pageQuery(BOOKLET_PAGE_SIZE, 50).extend({
  trash_status: z.enum(['not_in_trash', 'in_trash']).default('not_in_trash'),
});
const text = (label: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'This field is required.' : `${label} is text.`) })
    .trim()
    .max(max, `${label} has at most ${max} characters.`);
const name = text('The name', BOOKLET_NAME_MAX).min(1, 'A booklet needs a name.');
export const BOOKLET_PRICE_MESSAGE = 'A price is 0 or more yuan with at most 2 decimals, up to 100000.';
// Yuan as the form sends it ('20.50', a number from JSON); 0 makes the booklet free.
const price = z.union([z.string(), z.number()], { error: BOOKLET_PRICE_MESSAGE }).transform((value, ctx) => {
  const cents = parseBookletPrice(String(value));
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: BOOKLET_PRICE_MESSAGE });
    return z.NEVER;
  }
  return cents;
});
const bookletFields = requestSchema<BookletFormText>()(
  z.object({
    name: name.optional(),
    heading: text('The heading', BOOKLET_HEADING_MAX).optional(),
    description: text('The description', BOOKLET_DESCRIPTION_MAX).optional(),
    price: price.optional(),
  }),
);
const newBookletFields = bookletFields.extend({ name });
const parentId = rowId.nullable().default(null);
const newItem = requestSchema<NewBookletItem>()(
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('directory'), title: text('The title', BOOKLET_DIRECTORY_TITLE_MAX).min(1, 'A directory needs a title.'), parent_id: parentId }),
    z.object({ type: z.literal('article'), article_id: rowId, parent_id: parentId }),
  ]),
);
const itemChanges = requestSchema<BookletItemChanges>()(
  z.object({
    title: text('The title', BOOKLET_DIRECTORY_TITLE_MAX).min(1, 'A directory needs a title.').optional(),
    sales_mode: z.enum(['free', 'payment_required']).optional(),
  }),
);
const detailQuery = z.object({ hide_removed: z.string().optional() });

/** docs/specification/content-and-commerce.md §7, booklet management under `/api/booklets/`: the owner's list, create, delete, restore. */
export function bookletManageRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const owner = requireUser(req);
    const { page, page_size: pageSize, trash_status: trashStatus } = listQuery.parse(req.query);
    const { count, results } = await listOwnBooklets(deps.db, owner, trashStatus, page, pageSize);
    res.json({ count, ...pageLinks(deps.origin, req.originalUrl, page, pageSize, count), results } satisfies Page<ManagedBooklet>);
  });
  router.post('/', bookletForm(), rejectNulCharacters(), async (req, res) => {
    const owner = requireUser(req);
    const fields = newBookletFields.parse(req.body ?? {});
    const booklet = await createOwnBooklet({ db: deps.db, media: deps.media, now: deps.now() }, owner, fields, req.file);
    if (booklet === COVER_NOT_AN_IMAGE) throw ApiError.detail(415, COVER_REFUSED);
    res.status(201).json(booklet);
  });
  router.delete('/:id/', async (req, res) => {
    const owner = requireUser(req);
    await deleteOwnBooklet({ db: deps.db, now: deps.now() }, owner, idOf(req.params.id));
    res.status(204).end();
  });
  router.post('/:id/restore/', async (req, res) => {
    const owner = requireUser(req);
    res.json(await restoreOwnBooklet({ db: deps.db, now: deps.now() }, owner, idOf(req.params.id)));
  });
  return router;
}

/** docs/specification/content-and-commerce.md §7, one booklet under `/api/booklet/{id}/`: detail, edit, reorder, items. */
export function bookletEditRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/:id/', async (req, res) => {
    const owner = requireUser(req);
    const { hide_removed: hideRemoved } = detailQuery.parse(req.query);
    const booklet = await ownBooklet(deps.db, idOf(req.params.id), owner);
    res.json(await managedBookletWithTree(deps.db, booklet, owner.username, hideRemoved === '1' || hideRemoved === 'true'));
  });
  router.patch('/:id/', bookletForm(), rejectNulCharacters(), async (req: Request<{ id: string }>, res) => {
    const owner = requireUser(req);
    const fields = bookletFields.parse(req.body ?? {});
    const booklet = await updateOwnBooklet({ db: deps.db, media: deps.media, now: deps.now() }, owner, idOf(req.params.id), fields, req.file);
    if (booklet === COVER_NOT_AN_IMAGE) throw ApiError.detail(415, COVER_REFUSED);
    res.json(booklet);
  });
  router.put('/:id/', async (req, res) => {
    const owner = requireUser(req);
    const id = idOf(req.params.id);
    // Whose booklet first: another's is a 404 whatever the body, so a 400 tells nothing of it.
    await ownBooklet(deps.db, id, owner);
    const tree = parseOrderTree(req.body ?? {});
    res.json(await reorderOwnBooklet(deps.db, owner, id, tree, deps.now()));
  });
  router.post('/:id/items/', async (req, res) => {
    const owner = requireUser(req);
    const id = idOf(req.params.id);
    res.status(201).json(await addBookletItem(deps.db, owner, id, newItem.parse(req.body ?? {}), deps.now()));
  });
  router.patch('/:id/items/:itemId/', async (req: Request<{ id: string; itemId: string }>, res) => {
    const owner = requireUser(req);
    const ids = [idOf(req.params.id), idOf(req.params.itemId)] as const;
    res.json(await updateBookletItem(deps.db, owner, ids[0], ids[1], itemChanges.parse(req.body ?? {}), deps.now()));
  });
  router.delete('/:id/items/:itemId/', async (req: Request<{ id: string; itemId: string }>, res) => {
    const owner = requireUser(req);
    await removeBookletItem(deps.db, owner, idOf(req.params.id), idOf(req.params.itemId), deps.now());
    res.status(204).end();
  });
  return router;
}

/** An id that cannot exist is simply not found. */
function idOf(value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ROW_ID) throw ApiError.detail(404, 'Not found.');
  return Number(value);
}
