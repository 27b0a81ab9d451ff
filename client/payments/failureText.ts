import { ApiRequestError } from '../api/client';

/** docs/specification/content-and-commerce.md §8: the server's detail text, or the whole response body if there is none. */
export function failureText(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return error instanceof Error ? error.message : String(error);
  const data = error.data;
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    const record = data as Record<string, unknown>;
    if (typeof record.detail === 'string') return record.detail;
    const first = Object.values(record).find((value) => Array.isArray(value) && typeof value[0] === 'string');
    if (Array.isArray(first) && typeof first[0] === 'string') return first[0];
    return JSON.stringify(data);
  }
  return typeof data === 'string' && data ? data : error.message;
}
