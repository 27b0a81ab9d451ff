import type { Kysely } from 'kysely';
import type { ManagedBooklet } from '../../shared/bookletManagement';
import type { DB, User } from '../db/schema';
import type { MediaStore } from '../media/mediaStore';
import { DomainError } from '../domain/DomainError';
import { lockOwnBooklet, ownBooklet, TRASHED_BOOKLET } from './manageAccess';
import { bookletChanged, paidChapterArticles } from './manageChanges';
import { COVER_NOT_AN_IMAGE, storeCover } from './manageCover';
import { freshBookletSlug } from './manageSlug';
import { managedBooklet, managedBookletWithTree } from './manageView';

export interface BookletFields {
  name?: string;
  heading?: string;
  description?: string;
  /** What its paid chapters cost together, in cents; 0 is free. */
  price?: number;
}

interface Context {
  db: Kysely<DB>;
  media: MediaStore;
  now: number;
}

/** `POST /api/booklets/`: a new, empty booklet of the caller's with a fresh slug; `COVER_NOT_AN_IMAGE` refuses it. */
export async function createOwnBooklet(
  ctx: Context,
  owner: User,
  fields: BookletFields & { name: string },
  cover: { buffer: Buffer } | undefined,
): Promise<ManagedBooklet | typeof COVER_NOT_AN_IMAGE> {
  // The image is checked and stored before the transaction: slow work never holds the database.
  const stored = cover ? await storeCover(ctx.media, cover) : { url: '' };
  if (stored === COVER_NOT_AN_IMAGE) return stored;
  const coverUrl = stored.url;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const slug = await freshBookletSlug(trx);
    const { id } = await trx
      .insertInto('booklets')
      .values({
        slug,
        owner_id: owner.id,
        name: fields.name,
        heading: fields.heading ?? '',
        description: fields.description ?? '',
        cover_url: coverUrl,
        price_cents: fields.price ?? 0,
        currency: 'CNY',
        trashed: 0,
        created_at: ctx.now,
        modified_at: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await bookletChanged(trx, slug, [], ctx.now);
    return ownBooklet(trx, Number(id), owner);
  });
  return managedBooklet(row, owner.username, 0);
}

/** `PATCH /api/booklet/{id}/`: only the fields sent, and the cover when a new file came; `COVER_NOT_AN_IMAGE` refuses it. */
export async function updateOwnBooklet(
  ctx: Context,
  owner: User,
  id: number,
  fields: BookletFields,
  cover: { buffer: Buffer } | undefined,
): Promise<ManagedBooklet | typeof COVER_NOT_AN_IMAGE> {
  // Refuse another author's booklet, or one in the trash, before storing anything.
  const before = await ownBooklet(ctx.db, id, owner);
  if (before.trashed === 1) throw new DomainError('invalid', TRASHED_BOOKLET);
  const stored = cover ? await storeCover(ctx.media, cover) : undefined;
  if (stored === COVER_NOT_AN_IMAGE) return stored;
  const coverUrl = stored?.url;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const booklet = await lockOwnBooklet(trx, id, owner, ctx.now);
    const { price, ...texts } = fields;
    const changes = { ...texts, ...(price === undefined ? {} : { price_cents: price }), ...(coverUrl === undefined ? {} : { cover_url: coverUrl }) };
    if (Object.keys(changes).length > 0) await trx.updateTable('booklets').set(changes).where('id', '=', booklet.id).execute();
    // A new price changes its paid chapters' pages (their prompt, or free at 0).
    const repriced = price !== undefined && price !== booklet.price_cents;
    await bookletChanged(trx, booklet.slug, repriced ? await paidChapterArticles(trx, booklet.id) : [], ctx.now);
    return ownBooklet(trx, booklet.id, owner);
  });
  return managedBookletWithTree(ctx.db, row, owner.username, true);
}

/**
 * `DELETE /api/booklets/{id}/`: a booklet goes to the trash (readers lose it; its paid
 * chapters stay locked); from the trash it is deleted for good, unless readers bought it.
 */
export async function deleteOwnBooklet(ctx: Omit<Context, 'media'>, owner: User, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const booklet = await ownBooklet(trx, id, owner);
    if (booklet.trashed === 0) {
      await trx.updateTable('booklets').set({ trashed: 1, modified_at: ctx.now }).where('id', '=', id).execute();
      await bookletChanged(trx, booklet.slug, [], ctx.now);
      return;
    }
    const bought = await trx.selectFrom('booklet_purchases').select('id').where('booklet_id', '=', id).executeTakeFirst();
    if (bought) throw new DomainError('invalid', 'Readers have bought this booklet: it stays in the trash and cannot be deleted for good.');
    const paid = await paidChapterArticles(trx, id);
    await trx.deleteFrom('booklets').where('id', '=', id).execute();
    await bookletChanged(trx, booklet.slug, paid, ctx.now);
  });
}

/** `POST /api/booklets/{id}/restore/`: back out of the trash. */
export async function restoreOwnBooklet(ctx: Omit<Context, 'media'>, owner: User, id: number): Promise<ManagedBooklet> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const booklet = await ownBooklet(trx, id, owner);
    await trx.updateTable('booklets').set({ trashed: 0, modified_at: ctx.now }).where('id', '=', id).execute();
    await bookletChanged(trx, booklet.slug, [], ctx.now);
    return ownBooklet(trx, id, owner);
  });
  return managedBookletWithTree(ctx.db, row, owner.username, true);
}
