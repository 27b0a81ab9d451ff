import { sql, type Kysely } from 'kysely';
import type { SearchType } from '../../shared/search';
import { engineOf } from '../db/engine';
import type { DB, SearchKind } from '../db/schema';
import { matchQuery, phraseQuery, type QueryTerm } from './query';

/**
 * One query ranks and counts the matches (docs/decisions/055), by an author or owner who may be
 * read now (a membership lapses with no write: checked at every query). The order:
 *
 * 1. the whole query in the title or the author's name (title above body; an author's own work
 *    above what merely mentions them);
 * 2. the whole query as typed, its terms side by side (an exact line above scattered terms);
 * 3. relevance: FTS5's bm25 (title 10, author 5, body 1) or PostgreSQL's ts_rank (weights A
 *    title, B author, D body), both counting how often and how densely the terms occur;
 * 4. recency, to break ties: the most recently changed, then the newest row.
 */

export interface RankedRow {
  id: number;
  kind: SearchKind;
  ref_id: number;
  in_title: number | boolean;
  total: number;
}

export interface RankOptions {
  type?: SearchType;
  limit: number;
  offset: number;
  now: number;
}

export async function rankMatches(db: Kysely<DB>, terms: readonly QueryTerm[], options: RankOptions): Promise<RankedRow[]> {
  const engine = engineOf(db);
  const match = matchQuery(engine, terms, 'all', options.type);
  const title = matchQuery(engine, terms, 'title');
  const phrase = phraseQuery(engine, terms);
  if (engine === 'sqlite') {
    const exact = phrase === null ? sql`1` : sql`(d.id in (select rowid from search_fts where search_fts match ${phrase}))`;
    // The matches and their bm25 first, by themselves: FTS5 computes bm25 only in the scan of its own MATCH.
    const { rows } = await sql<RankedRow>`
      with m as materialized (select rowid as id, bm25(search_fts, 10.0, 1.0, 5.0, 0.0) as score from search_fts where search_fts match ${match})
      select d.id, d.kind, d.ref_id,
        (d.id in (select rowid from search_fts where search_fts match ${title})) as in_title,
        ${exact} as exact,
        m.score,
        count(*) over () as total
      from m
      join search_documents d on d.id = m.id
      join users u on u.id = d.owner_id
      where ${readable(options.now)}
      order by in_title desc, exact desc, m.score, d.sort_at desc, d.id desc
      limit ${options.limit} offset ${options.offset}`.execute(db);
    return rows;
  }
  const exact = phrase === null ? sql`true` : sql`(d.search_vector @@ cast(${phrase} as tsquery))`;
  const { rows } = await sql<RankedRow>`
    select d.id, d.kind, d.ref_id,
      (d.search_vector @@ cast(${title} as tsquery)) as in_title,
      ${exact} as exact,
      ts_rank(d.search_vector, q.query) as score,
      count(*) over () as total
    from search_documents d
    join users u on u.id = d.owner_id
    cross join (select cast(${match} as tsquery) as query) q
    where d.search_vector @@ q.query and ${readable(options.now)}
    order by in_title desc, exact desc, score desc, d.sort_at desc, d.id desc
    limit ${options.limit} offset ${options.offset}`.execute(db);
  return rows;
}

/** How many documents match (for a page past the end, which ranks nothing). */
export async function countMatches(db: Kysely<DB>, terms: readonly QueryTerm[], options: Pick<RankOptions, 'type' | 'now'>): Promise<number> {
  const engine = engineOf(db);
  const match = matchQuery(engine, terms, 'all', options.type);
  const { rows } =
    engine === 'sqlite'
      ? await sql<{ count: number }>`
          select count(*) as count from search_fts
          join search_documents d on d.id = search_fts.rowid
          join users u on u.id = d.owner_id
          where search_fts match ${match} and ${readable(options.now)}`.execute(db)
      : await sql<{ count: number }>`
          select count(*) as count from search_documents d
          join users u on u.id = d.owner_id
          where d.search_vector @@ cast(${match} as tsquery) and ${readable(options.now)}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** The author or owner may be read now: active, and no membership that lapsed. */
function readable(now: number) {
  return sql`u.status = 'active' and (u.membership_tier is null or u.membership_expires_at > ${now})`;
}
