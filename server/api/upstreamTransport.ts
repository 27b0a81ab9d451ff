import { parseBody, requestUrl, type ApiTransport } from '../../client/api/transport';
import { BAD_GATEWAY, GATEWAY_TIMEOUT } from '../backends/upstreamProxy';
import { readerHeaders, type Reader } from './readerHeaders';

/**
 * The server's data calls in proxy mode: to the upstream over HTTP, as the reader
 * (their cookies and token), answering 502 or 504 as the proxy does when it fails.
 */
export function upstreamTransport(upstream: string, reader: Reader, timeoutMs: number): ApiTransport {
  const headers = readerHeaders(reader);
  const base = upstream.replace(/\/$/, '');
  return async (request) => {
    try {
      const response = await fetch(base + requestUrl(request), {
        method: request.method,
        headers: { ...headers, ...request.headers, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
      return { status: response.status, data: parseBody(await response.text()) };
    } catch (error) {
      const timeout = error instanceof DOMException && error.name === 'TimeoutError';
      return { status: timeout ? 504 : 502, data: { detail: timeout ? GATEWAY_TIMEOUT : BAD_GATEWAY } };
    }
  };
}
