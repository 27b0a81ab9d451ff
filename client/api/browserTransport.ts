import { readCookie } from '../cookies';
import { ApiTimeoutError, parseBody, requestUrl, type ApiTransport } from './transport';

const DEVICE_ID_KEY = 'zine:device-id';
const TOKEN_KEY = 'zine:token';
const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * `fetch` with the conventions of docs/specification/shell.md §7: cookies, `X-CSRFToken` from the
 * cookie, `X-User-Id` when signed in, `X-Device-Id`, and the Bearer token the
 * native app passed as `__token`.
 */
export function browserTransport(getUserId: () => number | null): ApiTransport {
  return async (request) => {
    const headers = new Headers(request.headers);
    headers.set('Accept', 'application/json');
    // A multipart form (booklet covers) goes as is: fetch sets its boundary.
    const form = typeof FormData !== 'undefined' && request.body instanceof FormData ? request.body : null;
    if (request.body !== undefined && !form) headers.set('Content-Type', 'application/json');
    const csrf = readCookie('csrftoken');
    if (csrf) headers.set('X-CSRFToken', csrf);
    const userId = getUserId();
    if (userId !== null) headers.set('X-User-Id', String(userId));
    headers.set('X-Device-Id', deviceId());
    const token = bearerToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);

    let response: Response;
    try {
      response = await fetch(requestUrl(request), {
        method: request.method,
        headers,
        body: form ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
        credentials: 'same-origin',
        signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') throw new ApiTimeoutError('Network Timeout');
      throw error;
    }
    return { status: response.status, data: parseBody(await response.text()) };
  };
}

/** Keeps the native app's `__token` for the tab's later calls. */
export function rememberBearerToken(search: string): void {
  const token = new URLSearchParams(search).get('__token');
  if (token) window.sessionStorage.setItem(TOKEN_KEY, token);
}

function bearerToken(): string | null {
  return window.sessionStorage.getItem(TOKEN_KEY);
}

function deviceId(): string {
  let id = window.localStorage.getItem(DEVICE_ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    window.localStorage.setItem(DEVICE_ID_KEY, id);
  }
  return id;
}
