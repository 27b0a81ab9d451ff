import type { Request } from 'express';
import { z } from 'zod';
import { ApiError } from '../errors';
import { BACKGROUNDS, THEME_NAMES } from '../../../shared/themes';
import { MAX_ROW_ID } from '../../db/rowId';
import type { CreateArticleInput, UpdateArticleInput } from '../../articles/authoring';
import { schemaGiving } from '../requestSchema';

/** Sizes of what an author saves (the columns of migration 002; content by characters). */
export const ARTICLE_LIMITS = { title: 200, description: 500, coverUrl: 500, content: 1_000_000, wordCount: 10_000_000, tags: 10, tag: 20 } as const;

/** How far ahead of the server's clock a client's edit time may be (a wrong clock must not lock out later saves). */
const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/** An ISO time as epoch milliseconds. */
export const isoTime = z.iso.datetime({ offset: true, message: 'Enter a valid ISO 8601 date and time.' }).transform((value) => Date.parse(value));

const coverUrl = z
  .string()
  .trim()
  .max(ARTICLE_LIMITS.coverUrl)
  .refine((value) => value === '' || /^https?:\/\//i.test(value) || /^\/(?!\/)/.test(value), 'Enter an http(s) URL or a path of this site.');

const tags = z
  .array(z.string().trim().min(1, 'A tag cannot be empty.').max(ARTICLE_LIMITS.tag, `A tag has at most ${ARTICLE_LIMITS.tag} characters.`))
  .max(ARTICLE_LIMITS.tags, `At most ${ARTICLE_LIMITS.tags} tags.`)
  .transform(uniqueTags);

/** The fields of `POST /api/articles/` (unknown keys, such as `id`, are ignored as DRF does). */
export const articleFields = z.object({
  title: z.string().max(ARTICLE_LIMITS.title),
  description: z.string().max(ARTICLE_LIMITS.description),
  cover_url: coverUrl,
  content: z.string().max(ARTICLE_LIMITS.content),
  theme: z.enum(THEME_NAMES),
  style: z.enum(['', ...BACKGROUNDS]),
  word_count: z.number().int().min(0).max(ARTICLE_LIMITS.wordCount),
  client_modify_date: isoTime,
});

export const createArticleBody = schemaGiving<CreateArticleInput>()(articleFields.partial());

/** `PATCH /api/articles/{id}/`: any of the fields, the visibility and the tags. */
export const updateArticleBody = schemaGiving<UpdateArticleInput>()(articleFields.extend({ visibility: z.enum(['public', 'private']), tags }).partial());

/** `X-Client-Id`: the editor tab's random id; `X-Base-Modify-Date`: the version its copy was based on. */
export const saveHeaders = z.object({
  'x-client-id': z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'A client id is 1 to 64 letters, digits or - _ . :')
    .optional(),
  'x-base-modify-date': isoTime.optional(),
  /** Which version a save keeps: autosaves are thinned over time, saves the author asked for are not (docs/decisions/071). */
  'x-save-kind': z.enum(['autosave', 'save']).optional(),
});

export const articleId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .refine((id) => id <= MAX_ROW_ID);

/** The edit time a client sent, refused when it lies beyond the server's clock (plus a day's skew). */
export function checkClientTime(time: number | undefined, now: number): Record<string, string[]> | null {
  if (time === undefined || time <= now + CLOCK_SKEW_MS) return null;
  return { client_modify_date: ['The date lies in the future; check the device clock.'] };
}

/** Trimmed tags in the author's order, the later of two that differ only in case dropped. */
export function uniqueTags(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const tag of values) {
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}

/** The article id of the path; anything that is not one is an article that does not exist. */
export function idOf(req: Request): number {
  const id = articleId.safeParse(req.params.id);
  if (!id.success) throw ApiError.detail(404, 'Not found.');
  return id.data;
}
