import { observable, observableRef, runInAction } from 'mobx';
import { SEARCH_PAGE_SIZE, type SearchResult } from '../../../shared/search';
import { ApiRequestError, type ApiClient } from '../../api/client';
import { searchApi } from '../../api/search';
import { failureText } from '../../payments/failureText';
import type { SearchQuery } from '../../routing/searchAddress';
import type { PagedList, PagedListSnapshot } from '../../stores/PagedList';
import { byNumber } from '../../stores/pageSource';
import { pageStore, type PageStoreKit } from '../../stores/pageStore';

/** A result as a list item: its path is what tells it from the others. */
export type SearchHit = SearchResult & { id: string };

export interface SearchSnapshot {
  query: SearchQuery;
  results: PagedListSnapshot<SearchHit>;
  /** More match than the count (SEARCH_MAX_RESULTS). */
  capped?: boolean;
  error: string | null;
}

/** The search page's query and its page of results (docs/decisions/038). */
export class SearchStore {
  query: SearchQuery;
  readonly results: PagedList<SearchHit>;
  /** The server's words when it refused the query (400); the results stay empty. */
  error: string | null;
  /** More match than the count (SEARCH_MAX_RESULTS): the count is a floor. */
  capped: boolean;

  constructor(api: ApiClient, kit: PageStoreKit, snapshot?: SearchSnapshot) {
    this.query = snapshot?.query ?? { q: '', type: null, page: 1 };
    this.results = kit.list(
      byNumber(async (page) => {
        const answer = await searchApi.search(api, { q: this.query.q, type: this.query.type ?? undefined, page });
        runInAction(() => (this.capped = answer.count_capped === true));
        return { ...answer, results: answer.results.map((result) => ({ ...result, id: result.path })) };
      }),
      snapshot?.results,
    );
    this.error = snapshot?.error ?? null;
    this.capped = snapshot?.capped ?? false;
    kit.observe(this, { query: observableRef, error: observable, capped: observable });
  }

  /** Shows the page the address asks for; an empty query shows the form alone. */
  async show(query: SearchQuery): Promise<void> {
    runInAction(() => {
      this.query = query;
      this.error = null;
    });
    if (!query.q) return;
    try {
      await this.results.loadPage(query.page);
    } catch (failure) {
      // A query the server refuses is the reader's to change; anything else is the error page's.
      if (!(failure instanceof ApiRequestError) || failure.status !== 400) throw failure;
      runInAction(() => (this.error = failureText(failure)));
    }
  }

  /** The number of pages of results. */
  get pages(): number {
    return Math.max(1, Math.ceil(this.results.count / SEARCH_PAGE_SIZE));
  }

  toJSON(): SearchSnapshot {
    return { query: this.query, results: this.results.toJSON(), capped: this.capped, error: this.error };
  }
}

export const searchStore = pageStore('search', (stores, snapshot: SearchSnapshot | undefined) => new SearchStore(stores.api, stores.pages, snapshot));
