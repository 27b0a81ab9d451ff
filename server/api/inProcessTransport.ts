import type { Express } from 'express';
import inject from 'light-my-request';
import { parseBody, requestUrl, type ApiTransport } from '../../client/api/transport';
import { readerHeaders, type Reader } from './readerHeaders';

/**
 * Calls the embedded backend inside this process, without a network hop: the same
 * router, middleware and rules as an HTTP call, with the reader's cookies and token.
 */
export function inProcessTransport(apiApp: Express, reader: Reader): ApiTransport {
  const headers = readerHeaders(reader);
  return async (request) => {
    const response = await inject(apiApp, {
      method: request.method,
      url: requestUrl(request),
      headers: { ...headers, ...request.headers, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
    });
    return { status: response.statusCode, data: parseBody(response.body) };
  };
}
