export interface NavigationErrorInfo {
  status: number;
  message: string;
}

interface ErrorLike {
  statusCode?: unknown;
  status?: unknown;
  response?: { status?: unknown };
  message?: unknown;
  statusText?: unknown;
  data?: unknown;
}

/**
 * docs/specification/shell.md §8: the status comes from the error's status code, its status, or its
 * response's status, else 500; the message from the error itself.
 */
export function navigationErrorInfo(error: unknown): NavigationErrorInfo {
  const e: ErrorLike = typeof error === 'object' && error !== null ? error : {};
  const status = firstStatus(e.statusCode, e.status, e.response?.status) ?? 500;
  return { status, message: errorMessage(error, e) };
}

function firstStatus(...candidates: unknown[]): number | null {
  for (const candidate of candidates) {
    const n = typeof candidate === 'string' ? Number(candidate) : candidate;
    if (typeof n === 'number' && Number.isInteger(n) && n >= 100 && n <= 599) return n;
  }
  return null;
}

function errorMessage(error: unknown, e: ErrorLike): string {
  if (typeof error === 'string') return error;
  if (typeof e.data === 'string' && e.data) return e.data;
  if (typeof e.data === 'object' && e.data !== null) {
    const detail = (e.data as { detail?: unknown }).detail;
    if (typeof detail === 'string') return detail;
  }
  if (typeof e.message === 'string' && e.message) return e.message;
  if (typeof e.statusText === 'string' && e.statusText) return e.statusText;
  return '';
}

/** A redirect thrown during navigation is not an error (docs/specification/shell.md §4). */
export function isRedirectStatus(status: number): boolean {
  return status >= 300 && status < 400;
}
