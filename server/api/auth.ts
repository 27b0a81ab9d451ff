import type { IncomingHttpHeaders } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import { preparedQuery } from '../db/preparedQuery';
import type { DB, User } from '../db/schema';
import { ApiError, NOT_AUTHENTICATED } from './errors';
import { cookieFromHeader } from '../../shared/cookieHeader';
import { SESSION_COOKIE } from './cookies';
import { hashSecret } from '../security/secrets';
import { canSignIn } from '../accounts/canSignIn';

/** Who is calling: a session (cookie), an API token (Bearer, the native app), or nobody. */
export interface Auth {
  user: User | null;
  via: 'session' | 'token' | null;
  /** The stored hash of the session, to end it on sign-out. */
  sessionHash: string | null;
  /** The row of the API token, for a request that checks it again later (a notification stream). */
  tokenId: number | null;
}

declare global {
  namespace Express {
    interface Request {
      auth?: Auth;
    }
  }
}

const SIGNED_OUT: Auth = { user: null, via: null, sessionHash: null, tokenId: null };

/** Resolves the caller once per API request. A bad Bearer token is a 401, as DRF answers. */
export function authenticate(db: Kysely<DB>, now: () => number): RequestHandler {
  return async (req, _res, next) => {
    try {
      const cookies = req.cookies as Record<string, unknown> | undefined;
      req.auth = await resolveAuth(db, { authorization: req.headers.authorization, sessionId: cookies?.[SESSION_COOKIE] }, now());
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Whether a request brings no credentials at all (no session cookie, no `Authorization`, no
 * `__token` of the native app): the embedded backend would answer it as signed out. Read from
 * the raw header, so it holds before any cookie parser has run (the render cache's fast path).
 */
export function bringsNoCredentials(req: Request): boolean {
  return !cookieFromHeader(req.headers.cookie, SESSION_COOKIE) && !req.headers.authorization && typeof req.query.__token !== 'string';
}

/** A request's headers as a signed-out reader's: no `Authorization`, no session cookie (the reading script's and language's cookies stay). */
export function headersWithoutCredentials(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { authorization: _authorization, cookie, ...rest } = headers;
  const kept = cookie
    ?.split(';')
    .filter((pair) => pair.split('=', 1)[0]?.trim() !== SESSION_COOKIE)
    .join(';');
  return kept ? { ...rest, cookie: kept } : rest;
}

/** The signed-in user, or 403 for a cookie session (DRF's answer) and 401 for a token. */
export function requireUser(req: Request): User {
  const user = req.auth?.user;
  if (user) return user;
  throw ApiError.detail(req.auth?.via === 'token' ? 401 : 403, NOT_AUTHENTICATED);
}

/** What a caller presents: the `Authorization` header and the session cookie's value. */
export interface Credentials {
  authorization?: string;
  sessionId?: unknown;
}

/** The caller of credentials: the API's middleware per request, a page's reads once per page. */
export async function resolveAuth(db: Kysely<DB>, credentials: Credentials, now: number): Promise<Auth> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(credentials.authorization ?? '')?.[1];
  if (bearer) {
    const row = await db
      .selectFrom('api_tokens')
      .innerJoin('users', 'users.id', 'api_tokens.user_id')
      .selectAll('users')
      .select('api_tokens.id as token_id')
      .where('api_tokens.token_hash', '=', hashSecret(bearer))
      .executeTakeFirst();
    if (!row || !canSignIn(row.status)) throw ApiError.detail(401, 'Invalid token.');
    const { token_id: tokenId, ...user } = row;
    await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', tokenId).execute();
    return { user, via: 'token', sessionHash: null, tokenId };
  }

  const { sessionId } = credentials;
  if (typeof sessionId !== 'string' || sessionId.length > 100) return SIGNED_OUT;
  const sessionHash = hashSecret(sessionId);
  const row = await sessionUser.first(db, sessionHash);
  if (!row) return SIGNED_OUT;
  const { session_expires_at: expiresAt, ...user } = row;
  if (expiresAt <= now || !canSignIn(user.status)) {
    await db.deleteFrom('sessions').where('id', '=', sessionHash).execute();
    return SIGNED_OUT;
  }
  return { user, via: 'session', sessionHash, tokenId: null };
}

/** The user of a session; every signed-in request asks it (db/preparedQuery.ts). */
const sessionUser = preparedQuery(1, (db, sessionHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.expires_at as session_expires_at')
    .where('sessions.id', '=', sessionHash),
);
