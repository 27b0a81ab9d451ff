import { SEARCH_QUERY_MAX_LENGTH, SEARCH_TYPES, type SearchType } from '../../shared/search';

/** What `/search/?q=&type=&page=` asks (client/pages/search). */
export interface SearchQuery {
  q: string;
  type: SearchType | null;
  page: number;
}

/** Reads a search page's address; what it cannot use is left out (no type, the first page). */
export function searchQueryOf(url: URL): SearchQuery {
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const type = url.searchParams.get('type');
  const page = Number(url.searchParams.get('page') ?? '1');
  return {
    q,
    type: SEARCH_TYPES.find((known) => known === type) ?? null,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The address of a search page: `/search/?q=…`, the type and page only when not the defaults. */
export function searchPath(query: SearchQuery): string {
  const params = new URLSearchParams({ q: query.q });
  if (query.type) params.set('type', query.type);
  if (query.page > 1) params.set('page', String(query.page));
  return `/search/?${params.toString()}`;
}
