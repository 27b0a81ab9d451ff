import { sql, type Kysely, type RawBuilder } from 'kysely';
import { SEARCH_MAX_RESULTS, type SearchType } from '../../shared/search';
import { engineOf } from '../db/engine';
import type { DB } from '../db/schema';
import { matchQuery, ownerTag, phraseQuery, type QueryTerm } from './query';

/**
 * Ranks and counts the matches (docs/decisions/055), by an author or owner who may be read now
 * (a membership lapses with no write: checked at every query). The order:
 *
 * 1. the whole query in the title or the author's name (title above body; an author's own work
 *    above what merely mentions them);
 * 2. the whole query as typed, its terms side by side (an exact line above scattered terms);
 * 3. relevance: FTS5's bm25 (title 10, author 5, body 1) or PostgreSQL's ts_rank (weights A
 *    title, B author, D body), both counting how often and how densely the terms occur;
 * 4. recency, to break ties: the most recently changed, then the newest row.
 *
 * The work is bounded: steps 1 to 3 rank a window of at most `WINDOW` newest matches and
 * `WINDOW` newest title matches (read from the index in row order, newest first, without a
 * look at the rest); what lies beyond the window follows it, newest first. A query matching a
 * few hundred documents is ranked whole; one matching most of the site (a common character)
 * costs no more than one matching a few hundred. The count is the index's own (FTS5 counts
 * and PostgreSQL's GIN index alike, with hidden owners' tags excluded).
 */
export const WINDOW = 300;

/**
 * A term in more documents than this is left out of relevance on SQLite: FTS5's bm25 first counts
 * the rows holding each phrase of its query, a walk of the phrase's whole list (25–50 ms for a
 * word in 180,000 documents), and such a term says little of relevance. The rarer terms score the
 * window; a query of common terms only is ordered by its tiers and recency.
 */
export const SCORED_TERM_LIMIT = 20_000;

export interface RankedRow {
  id: number;
  in_title: boolean;
}

export interface RankOptions {
  type?: SearchType;
  limit: number;
  offset: number;
  now: number;
  /** The most matches counted and paged (SEARCH_MAX_RESULTS unless a test sets fewer). */
  maxResults?: number;
  /** SQLite: terms in more documents than this do not score (SCORED_TERM_LIMIT unless a test sets fewer). */
  scoredTermLimit?: number;
}

export interface Ranked {
  /** How many match, at most SEARCH_MAX_RESULTS. */
  total: number;
  /** More than SEARCH_MAX_RESULTS match. */
  capped: boolean;
  rows: RankedRow[];
}

interface Scored {
  id: number;
  sort_at: number;
  score: number;
  exact: number | boolean;
}

export async function rankMatches(db: Kysely<DB>, terms: readonly QueryTerm[], options: RankOptions): Promise<Ranked> {
  const engine = engineOf(db);
  const hidden = await hiddenOwners(db, options.now);
  const limits = { maxResults: options.maxResults ?? SEARCH_MAX_RESULTS, scoredTermLimit: options.scoredTermLimit ?? SCORED_TERM_LIMIT };
  const scope =
    engine === 'sqlite' ? new SqliteScope(db, terms, options.type, hidden, limits) : new PostgresScope(db, terms, options.type, hidden, limits.maxResults);
  const { total, capped, newest } = await scope.newest();
  const end = Math.min(options.offset + options.limit, total);
  if (options.offset >= end) return { total, capped, rows: [] };
  const titled = await scope.newestInTitle();
  const window = [...new Set([...newest, ...titled])];
  const rows: RankedRow[] = [];
  if (options.offset < window.length) {
    const inTitle = new Set(titled);
    const scored = await scope.score(window);
    const tier = (row: Scored) => (inTitle.has(Number(row.id)) ? 0 : 2) + (Number(row.exact) ? 0 : 1);
    scored.sort((a, b) => tier(a) - tier(b) || a.score - b.score || Number(b.sort_at) - Number(a.sort_at) || Number(b.id) - Number(a.id));
    for (const row of scored.slice(options.offset, end)) rows.push({ id: Number(row.id), in_title: inTitle.has(Number(row.id)) });
  }
  if (end > window.length && total > newest.length) {
    const cut = Math.min(...newest);
    const from = Math.max(0, options.offset - window.length);
    const ids = await scope.older(cut, window, from, end - Math.max(options.offset, window.length));
    for (const id of ids) rows.push({ id, in_title: false });
  }
  return { total, capped, rows };
}

/**
 * Accounts whose work may not be read now: not active, or a membership that lapsed (as user_counts'
 * readable_until decides it: server/content/counters.ts). Few on any site, read from the partial index
 * users_hidden (migration 040), whose condition is named as the same literal.
 */
async function hiddenOwners(db: Kysely<DB>, now: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where(HIDDEN_CANDIDATES)
    .where((eb) => eb.or([eb('status', '!=', 'active'), eb(eb.fn.coalesce('membership_expires_at', sql.lit(0)), '<=', now)]))
    .execute();
  return rows.map((row) => Number(row.id));
}

/** The accounts that may be hidden: not active, or members (the condition of the index users_hidden). */
const HIDDEN_CANDIDATES = sql<boolean>`(status <> 'active' or membership_tier is not null)`;

interface Scope {
  /** How many match (at most SEARCH_MAX_RESULTS, `capped` past it), and the ids of the newest `WINDOW` of them. */
  newest(): Promise<{ total: number; capped: boolean; newest: number[] }>;
  /** The ids of the newest `WINDOW` whose title or author's name holds the query. */
  newestInTitle(): Promise<number[]>;
  /** Relevance and exactness of these matches, with their recency. Lower scores rank first. */
  score(ids: readonly number[]): Promise<Scored[]>;
  /** Matches older than `cut` and outside the window, newest first. */
  older(cut: number, window: readonly number[], offset: number, limit: number): Promise<number[]>;
}

/** SQLite: FTS5 alone answers the count and the windows (rowid order, newest first); hidden owners' tags are excluded in the query. */
class SqliteScope implements Scope {
  private readonly match: string;
  private readonly title: string;
  private newestIds: number[] = [];
  private titleIds: number[] = [];
  /** The query's own terms are rare enough to score (one term, no kind, fewer matches than SCORED_TERM_LIMIT). */
  private scoredAlready = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly terms: readonly QueryTerm[],
    private readonly type: SearchType | undefined,
    hidden: readonly number[],
    private readonly limits: { maxResults: number; scoredTermLimit: number },
  ) {
    const exclude = hidden.length > 0 ? ` NOT {tags} : (${hidden.map((id) => `"${ownerTag(id)}"`).join(' OR ')})` : '';
    this.match = `(${matchQuery('sqlite', terms, 'all', type)})${exclude}`;
    this.title = `(${matchQuery('sqlite', terms, 'title', type)})${exclude}`;
  }

  async newest() {
    // FTS5 walks matches in rowid order: the count stops one past the cap, however common the words.
    const count = await sql<{ count: number }>`
      select count(*) as count from (select 1 from search_fts where search_fts match ${this.match} limit ${this.limits.maxResults + 1})`.execute(this.db);
    const counted = Number(count.rows[0]?.count ?? 0);
    this.newestIds = counted === 0 ? [] : await this.ids(this.match);
    this.scoredAlready = this.terms.length === 1 && this.type === undefined && counted <= Math.min(this.limits.scoredTermLimit, this.limits.maxResults);
    return { total: Math.min(counted, this.limits.maxResults), capped: counted > this.limits.maxResults, newest: this.newestIds };
  }

  async newestInTitle() {
    this.titleIds = await this.ids(this.title);
    return this.titleIds;
  }

  private async ids(match: string): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`select rowid as id from search_fts where search_fts match ${match} order by rowid desc limit ${WINDOW}`.execute(
      this.db,
    );
    return rows.map((row) => Number(row.id));
  }

  /**
   * FTS5 scores a range of rowids cheaply and a list of them slowly (one lookup each): the
   * newest matches are scored as the range they are, the title matches as the range of title
   * matches (their own bm25, so that the title tier ranks by one measure).
   */
  async score(ids: readonly number[]): Promise<Scored[]> {
    const wanted = new Set(ids);
    const scoring = await this.scoringTerms();
    const newest = await this.scored(this.match, scoring && `(${matchQuery('sqlite', scoring, 'all')})`, this.newestIds);
    const titled = await this.scored(this.title, scoring && `(${matchQuery('sqlite', scoring, 'title')})`, this.titleIds);
    const byId = new Map<number, Scored>();
    for (const row of [...newest, ...titled]) if (wanted.has(Number(row.id))) byId.set(Number(row.id), row);
    return [...byId.values()];
  }

  /** The terms that score relevance: those in at most `scoredTermLimit` documents (each counted no further); null for none. */
  private async scoringTerms(): Promise<QueryTerm[] | null> {
    if (this.scoredAlready) return [...this.terms];
    const limit = this.limits.scoredTermLimit;
    const rare: QueryTerm[] = [];
    for (const term of this.terms) {
      const { rows } = await sql<{ count: number }>`
        select count(*) as count from (select 1 from search_fts where search_fts match ${matchQuery('sqlite', [term], 'all')} limit ${limit + 1})`.execute(
        this.db,
      );
      if (Number(rows[0]?.count ?? 0) <= limit) rare.push(term);
    }
    return rare.length > 0 ? rare : null;
  }

  /**
   * The window's rows from `from` (the oldest of `ids`) on, scored by bm25 over the scoring terms
   * alone (no kind or owner tags, whose lists are long), or unscored; exact when the whole query
   * stands as typed in a match of `match`.
   */
  private async scored(match: string, scoring: string | null, ids: readonly number[]): Promise<Scored[]> {
    if (ids.length === 0) return [];
    const from = Math.min(...ids);
    const phrase = phraseQuery('sqlite', this.terms);
    const exact =
      phrase === null ? sql`1` : sql`(d.id in (select rowid from search_fts where search_fts match ${`(${phrase}) AND (${match})`} and rowid >= ${from}))`;
    if (scoring === null) {
      const { rows } = await sql<Scored>`
        select d.id, 0 as score, d.sort_at, ${exact} as exact from search_documents d where d.id in (${sql.join(ids.map((id) => sql`${id}`))})`.execute(
        this.db,
      );
      return rows;
    }
    // bm25 is computed only in the scan of FTS5's own MATCH: the matches first, by themselves.
    const { rows } = await sql<Scored>`
      with m as materialized (
        select rowid as id, bm25(search_fts, 10.0, 1.0, 5.0, 0.0) as score from search_fts where search_fts match ${scoring} and rowid >= ${from})
      select d.id, m.score, d.sort_at, ${exact} as exact from m join search_documents d on d.id = m.id
      where d.id in (${sql.join(ids.map((id) => sql`${id}`))})`.execute(this.db);
    return rows;
  }

  async older(cut: number, window: readonly number[], offset: number, limit: number): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`
      select rowid as id from search_fts where search_fts match ${this.match} and rowid < ${cut}
        and rowid not in (${sql.join(window.map((id) => sql`${id}`))})
      order by rowid desc limit ${limit} offset ${offset}`.execute(this.db);
    return rows.map((row) => Number(row.id));
  }
}

/**
 * PostgreSQL: the GIN indexes answer the matches, hidden owners' tags excluded in the query (as
 * on SQLite), so no join with `users`. The matches are gathered first, by themselves (a
 * materialised CTE, read through the GIN bitmap alone: `throughIndex()`): otherwise, on a
 * common word, the planner walks the table or its primary key and tests every row's vector,
 * detoasting each (it does not count the detoasting: 100 ms on 10,000 documents). A query without phrase or weights needs no recheck, so only the rows' ids are
 * read, never their vectors; only the window's vectors are read, to score them.
 */
class PostgresScope implements Scope {
  private readonly match: string;
  private readonly title: string;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly terms: readonly QueryTerm[],
    type: SearchType | undefined,
    hidden: readonly number[],
    private readonly maxResults: number,
  ) {
    const exclude = hidden.length > 0 ? ` & !( ${hidden.map((id) => `'${ownerTag(id)}'`).join(' | ')} )` : '';
    this.match = `( ${matchQuery('postgres', terms, 'all', type)} )${exclude}`;
    this.title = `( ${matchQuery('postgres', terms, 'title', type)} )${exclude}`;
  }

  async newest() {
    const { rows } = await this.throughIndex<{ id: number; total: number }>(sql`
      with m as materialized (select d.id from search_documents d where d.search_vector @@ cast(${this.match} as tsquery))
      select id, count(*) over () as total from m order by id desc limit ${WINDOW}`);
    const counted = Number(rows[0]?.total ?? 0);
    return { total: Math.min(counted, this.maxResults), capped: counted > this.maxResults, newest: rows.map((row) => Number(row.id)) };
  }

  async newestInTitle() {
    const { rows } = await this.throughIndex<{ id: number }>(sql`
      with m as materialized (select d.id from search_documents d where d.title_vector @@ cast(${this.title} as tsquery))
      select id from m order by id desc limit ${WINDOW}`);
    return rows.map((row) => Number(row.id));
  }

  /** A query whose matches are read through a GIN bitmap only: neither a scan of the table nor of the primary key. */
  private throughIndex<Row>(query: RawBuilder<Row>) {
    return this.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_indexscan = off`.execute(trx);
      return query.execute(trx);
    });
  }

  async score(ids: readonly number[]): Promise<Scored[]> {
    const phrase = phraseQuery('postgres', this.terms);
    const exact = phrase === null ? sql`true` : sql`(d.search_vector @@ cast(${phrase} as tsquery))`;
    const { rows } = await sql<Scored>`
      select d.id, d.sort_at, -ts_rank(d.search_vector, cast(${this.match} as tsquery)) as score, ${exact} as exact
      from search_documents d where d.id = any(${[...ids]}::int[])`.execute(this.db);
    return rows;
  }

  async older(cut: number, window: readonly number[], offset: number, limit: number): Promise<number[]> {
    const { rows } = await this.throughIndex<{ id: number }>(sql`
      with m as materialized (select d.id from search_documents d where d.search_vector @@ cast(${this.match} as tsquery))
      select id from m where id < ${cut} and id <> all(${[...window]}::int[])
      order by id desc limit ${limit} offset ${offset}`);
    return rows.map((row) => Number(row.id));
  }
}
