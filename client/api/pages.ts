import type { ApiRequest } from './transport';

/** DRF's absolute page links lose their host: the transport decides where calls go. */
export function pageRequest(link: string): ApiRequest {
  const url = new URL(link, 'http://host.invalid');
  return { method: 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams) };
}
