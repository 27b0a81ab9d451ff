/** How long a session lasts: its row's expiry (server/accounts/accounts.ts) and its cookie's max-age (server/api/cookies.ts). */
export const SESSION_TTL_MS = 14 * 24 * 3600 * 1000;
