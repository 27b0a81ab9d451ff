// Substring truth for `npm run bench:search` (scripts/benchSearch.ts, docs/decisions/055): which
// readable articles a query should find, computed the plain way (fold both scripts, then
// `includes`), and the queries of each kind drawn from the articles' own text as written.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../server/db/schema';
import { fold, htmlText, piecesOf } from '../server/search/text';

/** A readable article as the truth sees it: its folded title, text and author's name. */
export interface TruthDoc {
  slug: string;
  /** Title, author and text as written, for drawing queries. */
  raw: string;
  folded: string;
}

export const KINDS = ['2-char words', '3–5 char phrases', 'sentences', 'author names', 'single characters', 'two words, a space'] as const;
export type Kind = (typeof KINDS)[number];

/** Every article a reader may find (or every `every`-th by id), with what may be searched of it (a paid chapter: title and author only). */
export async function readableArticles(db: Kysely<DB>, now: number, every = 1): Promise<TruthDoc[]> {
  const { rows } = await sql<{ slug: string; title: string; description: string; content: string; username: string; paid: number }>`
    select a.slug, a.title, a.description, a.content, u.username,
      exists (select 1 from booklet_items i join booklets b on b.id = i.booklet_id
        where i.article_id = a.id and i.sales_mode = 'payment_required' and b.price_cents > 0) as paid
    from articles a join users u on u.id = a.author_id
    where a.visibility = 'public' and a.trashed = 0 and a.moderation = 'none' and u.status = 'active'
      and (u.membership_tier is null or u.membership_expires_at > ${now}) and a.id % ${every} = 0`.execute(db);
  return rows.map((row) => {
    const text = row.paid ? '' : `${row.description}\n${htmlText(row.content)}`;
    const raw = `${row.title}\n${row.username}\n${text}`;
    return { slug: row.slug, raw, folded: fold(raw) };
  });
}

/** The slugs whose folded text holds every piece of the query (each Chinese run as a substring). */
export function truthOf(docs: readonly TruthDoc[], query: string): Set<string> {
  const pieces = [...piecesOf(fold(query))].map((piece) => piece.text);
  return new Set(docs.filter((doc) => pieces.every((piece) => doc.folded.includes(piece))).map((doc) => doc.slug));
}

/** Queries of one kind, drawn from the text as written (Traditional articles give Traditional queries). */
export function queriesOf(kind: Kind, docs: readonly TruthDoc[], names: readonly string[], count: number, random: () => number): string[] {
  const chinese = docs.filter((doc) => /\p{Script=Han}{6}/u.test(doc.raw));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const runsOf = (doc: TruthDoc, min: number) => [...doc.raw.matchAll(/\p{Script=Han}+/gu)].map((m) => m[0]).filter((run) => run.length >= min);
  const piece = (length: number): string => {
    for (;;) {
      const runs = runsOf(pick(chinese), length);
      if (runs.length === 0) continue;
      const run = pick(runs);
      const at = Math.floor(random() * (run.length - length + 1));
      return run.slice(at, at + length);
    }
  };
  const queries: string[] = [];
  while (queries.length < count) {
    switch (kind) {
      case '2-char words':
        queries.push(piece(2));
        break;
      case '3–5 char phrases':
        queries.push(piece(3 + Math.floor(random() * 3)));
        break;
      case 'sentences': {
        const runs = runsOf(pick(chinese), 6);
        if (runs.length > 0) queries.push(pick(runs).slice(0, 20));
        break;
      }
      case 'author names':
        queries.push(pick(names));
        break;
      case 'single characters':
        queries.push(piece(1));
        break;
      case 'two words, a space':
        queries.push(`${piece(2)} ${piece(2)}`);
        break;
    }
  }
  return queries;
}
