export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  method: HttpMethod;
  /** Starts with `/api/`. */
  path: string;
  query?: Readonly<Record<string, string | number | boolean | undefined>>;
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
  timeoutMs?: number;
}

export interface ApiResponse {
  status: number;
  data: unknown;
}

/**
 * How a call reaches the backend: `fetch` in the browser; on the server the embedded
 * backend in process, or the upstream, always as the reader.
 */
export type ApiTransport = (request: ApiRequest) => Promise<ApiResponse>;

/** The transport could not get an answer in time. */
export class ApiTimeoutError extends Error {
  override name = 'ApiTimeoutError';
}

export function requestUrl(request: Pick<ApiRequest, 'path' | 'query'>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${request.path}?${search}` : request.path;
}

/** Parses a response body: JSON when it is, the text otherwise. */
export function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
