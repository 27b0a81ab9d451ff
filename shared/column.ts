const COLUMN_PARAM = /^@([A-Za-z0-9_.\-\u4e00-\u9fff]{1,64})$/u;

/**
 * The validity check of the `/{column}` route: only `@username` names a column.
 * Answers the username, or null when the path segment is not a column.
 */
export function columnUsername(param: string | undefined): string | null {
  if (!param) return null;
  const match = COLUMN_PARAM.exec(param);
  return match?.[1] ?? null;
}

/** The canonical link of a user's column (docs/specification/shell.md §2). */
export function columnPath(username: string): string {
  return `/@${encodeURIComponent(username)}/`;
}
