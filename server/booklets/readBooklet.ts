import { sql, type Kysely, type Selectable } from 'kysely';
import { BOOKLET_END_SLUG, findNode, neighbours } from '../../shared/bookletTree';
import { columnPath } from '../../shared/column';
import type { BookletDetail, BookletItemDetail, BookletNode } from '../../shared/entities';
import type { ReadingScript } from '../../shared/readingScript';
import type { BookletItemsTable, BookletsTable, DB, User } from '../db/schema';
import { articleForReader } from '../articles/articleForReader';
import { articleRefusal, readingRefusal } from '../articles/readArticle';
import { DomainError } from '../domain/DomainError';
import { BOOKLET_ITEM_COLUMNS } from './itemColumns';
import { lockedArticleIds } from '../content/paywall';

/** The page-view gate the article read takes (the chapter read counts as an article read). */
type PageViews = NonNullable<Parameters<typeof articleForReader>[4]>['pageViews'];

/** A booklet row (its trash flag aside) with what a reader sees of its owner. */
export type ReadableBooklet = Omit<Selectable<BookletsTable>, 'trashed'> & {
  owner_username: string;
  owner_avatar: string;
  owner_description: string;
};

/**
 * A booklet its reader may open: not trashed, and its owner passes the reading rules of
 * articles (banned, suspended, inactive, expired), the owner and operators excepted.
 */
export async function openBooklet(db: Kysely<DB>, slug: string, reader: User | null, now: number): Promise<ReadableBooklet> {
  const row = await db
    .selectFrom('booklets')
    .innerJoin('users', 'users.id', 'booklets.owner_id')
    .select([
      'booklets.id',
      'booklets.slug',
      'booklets.owner_id',
      'booklets.name',
      'booklets.heading',
      'booklets.description',
      'booklets.cover_url',
      'booklets.price_cents',
      'booklets.currency',
      'booklets.trashed',
      'booklets.created_at',
      'booklets.modified_at',
      'users.username as owner_username',
      'users.avatar as owner_avatar',
      'users.description as owner_description',
      'users.status as author_status',
      'users.membership_tier as author_tier',
      'users.membership_expires_at as author_expires_at',
    ])
    .where('booklets.slug', '=', slug)
    .executeTakeFirst();
  if (!row || row.trashed === 1) throw new DomainError('not_found', 'Does Not Exist');
  if (!privileged(reader, row.owner_id)) {
    const refused = readingRefusal({ ...row, visibility: 'public', moderation: 'none' }, now);
    if (refused) throw articleRefusal(refused);
  }
  return {
    id: row.id,
    slug: row.slug,
    owner_id: row.owner_id,
    name: row.name,
    heading: row.heading,
    description: row.description,
    cover_url: row.cover_url,
    price_cents: row.price_cents,
    currency: row.currency,
    created_at: Number(row.created_at),
    modified_at: Number(row.modified_at),
    owner_username: row.owner_username,
    owner_avatar: row.owner_avatar,
    owner_description: row.owner_description,
  };
}

/** `GET /api/booklets/{slug}/`: the booklet, its reading tree for this reader, payment and ratings. */
export async function readBooklet(db: Kysely<DB>, slug: string, reader: User | null, now: number): Promise<BookletDetail> {
  const booklet = await openBooklet(db, slug, reader, now);
  const [children, bought, paid, rating, mine] = await Promise.all([
    readingTree(db, booklet.id, reader, now),
    reader
      ? db.selectFrom('booklet_purchases').select('id').where('booklet_id', '=', booklet.id).where('user_id', '=', reader.id).executeTakeFirst()
      : undefined,
    db
      .selectFrom('booklet_items')
      .select(sql<number>`count(*)`.as('count'))
      .where('booklet_id', '=', booklet.id)
      .where('type', '=', 'article')
      .where('sales_mode', '=', 'payment_required')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('booklet_ratings')
      .select([sql<number>`count(*)`.as('count'), sql<number | null>`avg(rating)`.as('average')])
      .where('booklet_id', '=', booklet.id)
      .executeTakeFirstOrThrow(),
    reader
      ? db.selectFrom('booklet_ratings').select(['rating', 'review']).where('booklet_id', '=', booklet.id).where('user_id', '=', reader.id).executeTakeFirst()
      : undefined,
  ]);
  const count = Number(rating.count);
  return {
    id: booklet.id,
    slug: booklet.slug,
    name: booklet.name,
    heading: booklet.heading,
    description: booklet.description,
    cover: booklet.cover_url,
    owner: {
      username: booklet.owner_username,
      avatar: booklet.owner_avatar,
      description: booklet.owner_description,
      column: columnPath(booklet.owner_username),
    },
    children,
    payment: {
      bought: bought !== undefined,
      price: { amount_cents: booklet.price_cents, currency: booklet.currency },
      // A booklet at price 0 sells nothing: its chapters read free.
      paid_chapters: booklet.price_cents > 0 ? Number(paid.count) : 0,
    },
    rating: { count, average: count > 0 && rating.average !== null ? Math.round(Number(rating.average) * 10) / 10 : null },
    my_rating: mine ?? null,
    created: new Date(booklet.created_at).toISOString(),
    modified: new Date(booklet.modified_at).toISOString(),
  };
}

/**
 * `GET /api/booklets/{slug}/item/{childSlug}/`: a chapter with its article, or a directory
 * with its chapters. A locked chapter carries its article without content or description
 * (readArticle's paywall), so nothing of it leaves the server.
 */
export async function readBookletItem(
  db: Kysely<DB>,
  slug: string,
  childSlug: string,
  reader: User | null,
  now: number,
  pageViews?: PageViews,
  script: ReadingScript | null = null,
): Promise<BookletItemDetail> {
  const booklet = await openBooklet(db, slug, reader, now);
  const missing = new DomainError('not_found', 'Does Not Exist');
  if (childSlug === BOOKLET_END_SLUG) throw missing;
  const item = await db
    .selectFrom('booklet_items')
    .leftJoin('articles', 'articles.id', 'booklet_items.article_id')
    .select([
      'booklet_items.id',
      'booklet_items.slug',
      'booklet_items.type',
      'booklet_items.title',
      'booklet_items.sales_mode',
      'articles.slug as article_slug',
    ])
    .where('booklet_items.booklet_id', '=', booklet.id)
    .where('booklet_items.slug', '=', childSlug)
    .executeTakeFirst();
  if (!item) throw missing;
  const tree = await readingTree(db, booklet.id, reader, now);
  const around = neighbours(tree, item.slug);
  if (item.type === 'directory') {
    const node = findNode(tree, item.slug);
    if (!node) throw missing;
    return {
      id: item.id,
      slug: item.slug,
      type: 'directory',
      title: item.title,
      sales_mode: 'free',
      locked: false,
      detail: null,
      children: node.children,
      ...around,
    };
  }
  if (item.article_slug === null) throw missing;
  // The article's own reading rules (and its refusal reasons) apply to the chapter.
  // In the reader's script (decision 038): the chapter's title is its article's.
  const article = await articleForReader(db, item.article_slug, reader, now, { pageViews, script });
  return {
    id: item.id,
    slug: item.slug,
    type: 'article',
    title: article.title,
    sales_mode: item.sales_mode,
    locked: Boolean(article.paywall),
    detail: article,
    children: findNode(tree, item.slug)?.children ?? [],
    ...around,
  };
}

function privileged(reader: User | null, ownerId: number): boolean {
  return reader !== null && (reader.id === ownerId || reader.role === 'operator');
}

type ItemRow = Pick<BookletItemsTable, 'parent_id' | 'type' | 'slug' | 'title' | 'sales_mode'> & {
  id: number;
  order: number;
  article_id: number | null;
  article_title: string | null;
  word_count: number | null;
  readable: boolean;
};

/**
 * The booklet's tree as this reader sees it: a chapter whose article they may not read
 * (trashed, private, moderated, its author refused) is dropped, its readable children
 * taking its place; directories left empty are dropped (docs/specification/content-and-commerce.md §5).
 */
export async function readingTree(db: Kysely<DB>, bookletId: number, reader: User | null, now: number): Promise<BookletNode[]> {
  const rows = await db
    .selectFrom('booklet_items')
    .leftJoin('articles', 'articles.id', 'booklet_items.article_id')
    .leftJoin('users', 'users.id', 'articles.author_id')
    .select([
      ...BOOKLET_ITEM_COLUMNS,
      'articles.word_count',
      'articles.trashed',
      'articles.visibility',
      'articles.moderation',
      'articles.author_id',
      'users.status as author_status',
      'users.membership_tier as author_tier',
      'users.membership_expires_at as author_expires_at',
    ])
    .where('booklet_items.booklet_id', '=', bookletId)
    .orderBy('booklet_items.order')
    .orderBy('booklet_items.id')
    .execute();
  const items: ItemRow[] = rows.map((row) => ({
    ...row,
    readable:
      row.type === 'article' &&
      row.article_id !== null &&
      row.trashed === 0 &&
      row.author_id !== null &&
      (privileged(reader, row.author_id) ||
        readingRefusal(
          {
            visibility: row.visibility ?? '',
            moderation: row.moderation ?? '',
            author_status: row.author_status ?? '',
            author_tier: row.author_tier,
            author_expires_at: row.author_expires_at === null ? null : Number(row.author_expires_at),
          },
          now,
        ) === null),
  }));
  const chapters = rows.flatMap((row) => (row.article_id !== null && row.author_id !== null ? [{ id: row.article_id, author_id: row.author_id }] : []));
  const locked = await lockedArticleIds(db, chapters, reader);
  const byParent = new Map<number | null, ItemRow[]>();
  for (const item of items) byParent.set(item.parent_id, [...(byParent.get(item.parent_id) ?? []), item]);

  const build = (parentId: number | null): BookletNode[] =>
    (byParent.get(parentId) ?? [])
      .flatMap((item): BookletNode[] => {
        const children = build(item.id);
        if (item.type === 'directory') {
          if (children.length === 0) return [];
          return [{ id: item.id, slug: item.slug, type: 'directory', order: 0, detail: { title: item.title, sales_mode: 'free', locked: false }, children }];
        }
        if (!item.readable) return children;
        const detail = {
          title: item.article_title ?? '',
          sales_mode: item.sales_mode,
          locked: item.article_id !== null && locked.has(item.article_id),
          word_count: item.word_count ?? 0,
        };
        return [{ id: item.id, slug: item.slug, type: 'article', order: 0, detail, children }];
      })
      .map((node, index) => ({ ...node, order: index }));
  return build(null);
}
