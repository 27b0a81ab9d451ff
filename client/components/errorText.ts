import type { MessageKey } from '../i18n/en';

export type ErrorKind = 'notFound' | 'forbidden' | 'other';

/** docs/specification/shell.md §2: 404 and 403 have their own screens, every other status the generic one. */
export function errorKind(status: number): ErrorKind {
  if (status === 404) return 'notFound';
  if (status === 403) return 'forbidden';
  return 'other';
}

export function errorTitleKey(status: number): MessageKey {
  return `error.${errorKind(status)}.title`;
}
