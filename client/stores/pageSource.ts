import type { Page } from '../../shared/entities';

/**
 * How a list asks for a page. The APIs answer `Page<T>` either way: most are followed by their
 * `next` link (no link: the first page), some are asked for by number, 1 the first (wallet
 * transactions); such a list has more while the answer names a `next` page.
 */
export type PageSource<T> =
  { readonly by: 'link'; readonly fetch: (next?: string) => Promise<Page<T>> } | { readonly by: 'number'; readonly fetch: (page: number) => Promise<Page<T>> };

// No package imported here or in pageStore.ts: page chunks import them (docs/decisions/032).
export const byLink = <T>(fetch: (next?: string) => Promise<Page<T>>): PageSource<T> => ({ by: 'link', fetch });
export const byNumber = <T>(fetch: (page: number) => Promise<Page<T>>): PageSource<T> => ({ by: 'number', fetch });
