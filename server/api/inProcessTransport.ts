import type { Express } from 'express';
import inject from 'light-my-request';
import { match, type MatchFunction } from 'path-to-regexp';
import { parseBody, requestUrl, type ApiRequest, type ApiTransport } from '../../client/api/transport';
import { cookieFromHeader } from '../../shared/cookieHeader';
import type { Logger } from '../logger';
import type { Auth, Credentials } from './auth';
import { IN_PROCESS_PEER } from './caller';
import { SESSION_COOKIE } from './cookies';
import { errorAnswer } from './errors';
import type { PageRead } from './pageReads';
import { readerHeaders, type Reader } from './readerHeaders';
import { REFERRAL_COOKIE } from './redeem/routes';

/** The embedded backend as the server's rendering calls it, built once per process. */
export interface InProcessApi {
  /** The API mounted alone (inProcessApp.ts), for every call that is not a page read. */
  app: Express;
  reads: ReadonlyArray<{ read: PageRead; matches: MatchFunction<Record<string, string>> }>;
  resolveAuth: (credentials: Credentials) => Promise<Auth>;
  logger: Logger;
}

export function inProcessApi(app: Express, reads: readonly PageRead[], resolveAuth: InProcessApi['resolveAuth'], logger: Logger): InProcessApi {
  return { app, reads: reads.map((read) => ({ read, matches: match<Record<string, string>>(`/api${read.path}`) })), resolveAuth, logger };
}

/**
 * Calls the embedded backend inside this process, as the reader (their cookies or token, and
 * their address for the rate limits: server/api/caller.ts).
 * A page read is a direct call with the reader looked up once for the whole page (issue
 * 15: each call through the router cost its own session lookup, request objects and JSON
 * both ways); any other call, and any read the API's middleware would answer differently
 * (a pending referral to record, NUL characters), goes through the same router and rules
 * as an HTTP call, without a network hop.
 */
export function inProcessTransport(api: InProcessApi, reader: Reader): ApiTransport {
  const headers = readerHeaders(reader);
  // A pending referral goes through the API's middleware, which records it; the cache's anonymous copy records none.
  const direct = reader.uncounted === true || cookieFromHeader(headers.cookie, REFERRAL_COOKIE) === null;
  let auth: Promise<Auth> | undefined;
  return async (request) => {
    const found = direct ? pageReadOf(api, request) : null;
    if (!found) return injected(api.app, headers, request);
    auth ??= api.resolveAuth({ authorization: headers.authorization, sessionId: cookieFromHeader(headers.cookie, SESSION_COOKIE) ?? undefined });
    try {
      const { user } = await auth;
      const callHeaders = lowerCased(request.headers);
      const data = await found.read.read({
        user,
        params: found.params,
        query: stringValues(request.query),
        header: (name) => callHeaders[name] ?? headers[name],
        originalUrl: requestUrl(request),
        address: reader.ip,
        ...(reader.uncounted ? { uncounted: true } : {}),
      });
      return { status: 200, data };
    } catch (error) {
      const answer = errorAnswer(error);
      if (answer.status === 500) api.logger.error({ err: error, path: request.path }, 'API request failed');
      return { status: answer.status, data: answer.body };
    }
  };
}

const NUL = /\u0000|%00/i;

function pageReadOf(api: InProcessApi, request: ApiRequest): { read: PageRead; params: Record<string, string> } | null {
  if (request.method !== 'GET' || request.body !== undefined || NUL.test(request.path)) return null;
  if (Object.values(request.query ?? {}).some((value) => typeof value === 'string' && value.includes('\u0000'))) return null;
  for (const { read, matches } of api.reads) {
    let found;
    try {
      found = matches(request.path);
    } catch {
      return null; // a malformed escape: the router answers it
    }
    if (found) return { read, params: found.params };
  }
  return null;
}

async function injected(app: Express, headers: Record<string, string>, request: ApiRequest) {
  const response = await inject(app, {
    // From the trusted proxy, so the API reads the reader's address from the headers' X-Forwarded-For.
    remoteAddress: IN_PROCESS_PEER,
    method: request.method,
    url: requestUrl(request),
    headers: { ...headers, ...request.headers, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
  });
  return { status: response.statusCode, data: parseBody(response.body) };
}

function lowerCased(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) result[name.toLowerCase()] = value;
  return result;
}

function stringValues(query: ApiRequest['query']): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) result[name] = String(value);
  return result;
}
