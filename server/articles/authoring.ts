import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { EditableArticle } from '../../shared/entities';
import { renameOnFirstPublish } from '../content/articleSlugs';
import { contentChanged, type ContentKey } from '../content/changes';
import { ARTICLE_HTML_RULES, sanitizeArticleHtml } from '../content/sanitize';
import { recordSave } from '../content/articleVersions';
import type { ArticlesTable, ArticleVersionKind, DB, User } from '../db/schema';
import { guessLanguage } from '../../shared/contentLanguage';
import type { BackgroundName, ThemeName } from '../../shared/themes';
import { editableArticle, ownArticleRow } from './authoringView';

/** What an author saves: any of these fields (server/api/articles/authoringSchemas.ts checks them). */
export interface UpdateArticleInput {
  title?: string;
  description?: string;
  cover_url?: string;
  content?: string;
  theme?: ThemeName;
  style?: '' | BackgroundName;
  word_count?: number;
  /** The client's edit time, epoch milliseconds. */
  client_modify_date?: number;
  visibility?: 'public' | 'private';
  tags?: string[];
}

/** What a new article starts with: any of the fields but the visibility and tags. */
export type CreateArticleInput = Omit<UpdateArticleInput, 'visibility' | 'tags'>;

/** A save's outcome: the stored article, or the newer server copy it would have overwritten. */
export type SaveOutcome = { saved: EditableArticle } | { conflict: EditableArticle };

/** Who saves, from which tab, and which version their copy started from. */
export interface SaveContext {
  author: User;
  clientId?: string;
  /** X-Base-Modify-Date as epoch milliseconds. */
  baseModifyDate?: number;
  now: number;
  /** X-Save-Kind, or 'restore' for a version put back: which version the save keeps (a publication says so itself). */
  kind?: Exclude<ArticleVersionKind, 'publish'>;
}

/** `POST /api/articles/`: a new private article with a fresh slug. */
export async function createArticle(db: Kysely<DB>, input: CreateArticleInput, context: SaveContext): Promise<EditableArticle> {
  const content = sanitizeArticleHtml(input.content ?? '');
  const title = input.title ?? '';
  const { now, author } = context;
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('articles')
      .values({
        slug: await freshSlug(trx),
        author_id: author.id,
        title,
        description: input.description ?? '',
        cover_url: input.cover_url ?? '',
        content,
        content_rules: ARTICLE_HTML_RULES,
        theme: input.theme ?? 'default',
        style: input.style ?? '',
        word_count: input.word_count ?? 0,
        language: guessLanguage(`${title} ${content}`),
        client_modify_date: input.client_modify_date ?? now,
        visibility: 'private',
        moderation: 'none',
        trashed: 0,
        created_at: now,
        modified_at: now,
        last_client_id: context.clientId ?? '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (title !== '' || content !== '') {
      const after = { title, content, wordCount: input.word_count ?? 0, public: false };
      const before = { title: '', content: '', wordCount: 0, public: false, modifiedAt: now };
      await recordSave(trx, { articleId: Number(id), savedBy: author.id, now, kind: context.kind ?? 'autosave', before, after });
    }
    await contentChanged(trx, [`author:${author.username}`], now);
    return editableArticle(trx, Number(id), author.id);
  });
}

/**
 * `PATCH /api/articles/{id}/`. Refused (the server copy answered) when the client's copy
 * was based on another version (X-Base-Modify-Date) or its edit time is older than the
 * stored one: a save never silently overwrites a newer version. The stored version is
 * checked again by the update itself, so two saves racing on PostgreSQL cannot both pass.
 * Moderation is never touched: a banned article stays banned whatever its visibility.
 */
export async function updateArticle(db: Kysely<DB>, id: number, input: UpdateArticleInput, context: SaveContext): Promise<SaveOutcome> {
  const content = input.content === undefined ? undefined : sanitizeArticleHtml(input.content);
  const { author, now } = context;
  return db.transaction().execute(async (trx): Promise<SaveOutcome> => {
    const row = await ownArticleRow(trx, id, author.id);
    const stored = Number(row.client_modify_date);
    const stale =
      (context.baseModifyDate !== undefined && context.baseModifyDate !== stored) ||
      (input.client_modify_date !== undefined && input.client_modify_date < stored);
    if (stale) return { conflict: await editableArticle(trx, id, author.id) };

    const edits: Updateable<ArticlesTable> = {
      title: input.title,
      description: input.description,
      cover_url: input.cover_url,
      content,
      content_rules: content === undefined ? undefined : ARTICLE_HTML_RULES,
      theme: input.theme,
      style: input.style,
      word_count: input.word_count,
      visibility: input.visibility,
    };
    const textChanged = input.title !== undefined || content !== undefined;
    // Visibility and tags are not the editor's text: changing only them leaves the version as it is.
    const { visibility: _visibility, ...textEdits } = edits;
    const edited = Object.values(textEdits).some((value) => value !== undefined);
    const changes = edited || input.visibility !== undefined || input.tags !== undefined || input.client_modify_date !== undefined;
    if (!changes) return { saved: await editableArticle(trx, id, author.id) };
    const firstPublish = input.visibility === 'public' && row.visibility !== 'public' && row.published_at === null;
    const result = await trx
      .updateTable('articles')
      .set({
        ...edits,
        ...(textChanged ? { language: guessLanguage(`${input.title ?? row.title} ${content ?? row.content}`) } : {}),
        // A save without its own edit time still moves the version on, so other tabs see the change.
        client_modify_date: input.client_modify_date ?? (edited ? Math.max(now, stored + 1) : stored),
        modified_at: now,
        ...(firstPublish ? { published_at: now } : {}),
        ...(context.clientId ? { last_client_id: context.clientId } : {}),
      })
      .where('id', '=', id)
      .where('client_modify_date', '=', stored)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return { conflict: await editableArticle(trx, id, author.id) };

    const published = input.visibility === 'public' && row.visibility !== 'public';
    if (textChanged || published) {
      await recordSave(trx, {
        articleId: id,
        savedBy: author.id,
        now,
        kind: published ? 'publish' : (context.kind ?? 'autosave'),
        before: {
          title: row.title,
          content: row.content,
          wordCount: Number(row.word_count),
          public: row.visibility === 'public',
          modifiedAt: Number(row.modified_at),
        },
        after: {
          title: input.title ?? row.title,
          content: content ?? row.content,
          wordCount: input.word_count ?? Number(row.word_count),
          public: (input.visibility ?? row.visibility) === 'public',
        },
      });
    }
    if (input.tags) await replaceTags(trx, id, input.tags);
    // Its first publication names it from its title; the old address answers with a 301 (server/content/articleSlugs.ts).
    const slug = firstPublish ? await renameOnFirstPublish(trx, id, row.slug, input.title ?? row.title, now) : row.slug;
    const keys = await changedKeys(trx, id, row.slug, author.username);
    await contentChanged(trx, slug === row.slug ? keys : [...keys, `article:${slug}`], now);
    return { saved: await editableArticle(trx, id, author.id) };
  });
}

/**
 * `DELETE /api/articles/{id}/?client_modify_date=`: a live article goes to the trash, a
 * trashed one is deleted for good (its share links, tags and booklet places go with it).
 * Answers false, changing nothing, when the stored version is not the one the client saw.
 */
export async function deleteArticle(db: Kysely<DB>, id: number, clientModifyDate: number, author: User, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await ownArticleRow(trx, id, author.id);
    if (Number(row.client_modify_date) !== clientModifyDate) return false;
    const keys = await changedKeys(trx, id, row.slug, author.username);
    if (Number(row.trashed) === 1) {
      await trx.deleteFrom('articles').where('id', '=', id).execute();
    } else {
      await trx.updateTable('articles').set({ trashed: 1 }).where('id', '=', id).execute();
    }
    await contentChanged(trx, keys, now);
    return true;
  });
}

/** `POST /api/articles/{id}/restore/`: out of the trash, as it was. */
export async function restoreArticle(db: Kysely<DB>, id: number, author: User, now: number): Promise<EditableArticle> {
  return db.transaction().execute(async (trx) => {
    const row = await ownArticleRow(trx, id, author.id);
    if (Number(row.trashed) === 1) {
      await trx.updateTable('articles').set({ trashed: 0 }).where('id', '=', id).execute();
      await contentChanged(trx, await changedKeys(trx, id, row.slug, author.username), now);
    }
    return editableArticle(trx, id, author.id);
  });
}

/** Every cached page an article shows on: its own, its author's, the feed and the booklets holding it. */
export async function changedKeys(db: Kysely<DB>, articleId: number, slug: string, username: string): Promise<ContentKey[]> {
  const booklets = await db
    .selectFrom('booklet_items')
    .innerJoin('booklets', 'booklets.id', 'booklet_items.booklet_id')
    .select('booklets.slug')
    .distinct()
    .where('booklet_items.article_id', '=', articleId)
    .execute();
  return [`article:${slug}`, `author:${username}`, 'feed', ...booklets.map((b): ContentKey => `booklet:${b.slug}`)];
}

async function replaceTags(trx: Transaction<DB>, articleId: number, tags: readonly string[]): Promise<void> {
  await trx.deleteFrom('article_tags').where('article_id', '=', articleId).execute();
  if (tags.length === 0) return;
  await trx
    .insertInto('article_tags')
    .values(tags.map((tag, position) => ({ article_id: articleId, tag, position })))
    .execute();
}

/** 12 random lowercase letters and digits (62 bits); tried again in the unlikely case it is taken. */
async function freshSlug(db: Kysely<DB>): Promise<string> {
  for (;;) {
    const slug = randomSlug();
    const taken = await db.selectFrom('articles').select('id').where('slug', '=', slug).executeTakeFirst();
    if (!taken) return slug;
  }
}

function randomSlug(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(12), (byte) => alphabet[byte % alphabet.length]).join('');
}
