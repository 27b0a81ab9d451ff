import type { IncomingHttpHeaders } from 'node:http';
import type { Express } from 'express';
import inject from 'light-my-request';
import { parseBody, requestUrl, type ApiTransport } from '../../client/api/transport';

/** The reader's headers that a server-side data call carries, so it runs as the reader. */
const FORWARDED_HEADERS = ['cookie', 'authorization', 'accept-language', 'user-agent', 'x-request-id', 'x-forwarded-for'] as const;

/**
 * Calls the embedded backend inside this process, without a network hop: the same
 * router, middleware and rules as an HTTP call, with the reader's cookies and token.
 */
export function inProcessTransport(apiApp: Express, reader: { headers: IncomingHttpHeaders; bearerToken?: string | null }): ApiTransport {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = reader.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  if (reader.bearerToken) headers.authorization = `Bearer ${reader.bearerToken}`;

  return async (request) => {
    const response = await inject(apiApp, {
      method: request.method,
      url: requestUrl(request),
      headers: {
        ...headers,
        ...request.headers,
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
    });
    return { status: response.statusCode, data: parseBody(response.body) };
  };
}
