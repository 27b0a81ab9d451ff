import type { Page } from './entities';

/**
 * `GET /api/search/?q=&type=&page=&page_size=` (docs/decisions/038): public articles, columns
 * and booklets whose words hold every word of `q` (the last one also as a prefix), Simplified and
 * Traditional Chinese alike; title matches first, then the most recently changed. DRF paging.
 */
export const SEARCH_TYPES = ['article', 'column', 'booklet'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** `q` is 1 to this many characters (after trimming); longer or empty is a 400 field error. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_PAGE_SIZE = 10;
/**
 * The most results a query counts and pages through (Elasticsearch's `track_total_hits` and
 * `max_result_window` default alike): past it `count` stops here and `count_capped` is true, so a
 * word in most of a large site costs no more to count than one in ten thousand documents.
 */
export const SEARCH_MAX_RESULTS = 10_000;
export const SEARCH_MAX_PAGE_SIZE = 20;

/** The query parameters; `type` absent searches all three kinds. */
export interface SearchRequest {
  q: string;
  type?: SearchType;
  page?: number;
  page_size?: number;
}

/** A user as a result shows them: linked by `column` (`/@name/`). */
export interface SearchPerson {
  username: string;
  avatar: string;
  column: string;
}

/**
 * What every result carries. `title_html` and `snippet` are HTML fragments whose only
 * element is `<mark>` around the words that answered the query; every other character is
 * escaped (`&`, `<`, `>`, `"`, `'`), so they can be set as inner HTML as they are. `snippet`
 * is about 140 characters of the item's text (an ellipsis where it was cut) around the first
 * match, or its opening; empty when the item has no text besides its title.
 */
interface SearchResultBase {
  type: SearchType;
  /** The site path the result links to. */
  path: string;
  /** The title, name or username as HTML with the matches marked. */
  title_html: string;
  snippet: string;
  /** ISO times: when it was made and last changed (a column: when its user joined, both). */
  created: string;
  modified: string;
}

export interface ArticleSearchResult extends SearchResultBase {
  type: 'article';
  slug: string;
  title: string;
  /** Empty for a paid chapter, as in every public list. */
  description: string;
  cover_url: string;
  language: string;
  author: SearchPerson;
  /**
   * A chapter sold in a booklet: found by its title alone (its text is never indexed), its
   * `path` the chapter's place in the booklet that sells it.
   */
  paid: boolean;
}

export interface ColumnSearchResult extends SearchResultBase {
  type: 'column';
  username: string;
  avatar: string;
  description: string;
}

export interface BookletSearchResult extends SearchResultBase {
  type: 'booklet';
  slug: string;
  name: string;
  heading: string;
  description: string;
  cover_url: string;
  owner: SearchPerson;
}

export type SearchResult = ArticleSearchResult | ColumnSearchResult | BookletSearchResult;

export interface SearchPage extends Page<SearchResult> {
  /** More than `count` (SEARCH_MAX_RESULTS) match: the pages stop there. */
  count_capped: boolean;
}
