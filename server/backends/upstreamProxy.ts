import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from '../logger';

export const BAD_GATEWAY = 'Bad Gateway: the API server did not answer.';
export const GATEWAY_TIMEOUT = 'Gateway Timeout: the API server took too long to answer.';

export interface ProxyOptions {
  apiUpstream: string;
  /** The messaging service for `/api/notification/*`; defaults to the API's. */
  messageUpstream?: string;
  timeoutMs: number;
  logger: Logger;
}

const timedOut = new WeakSet<IncomingMessage>();

/**
 * `/api/*` to the upstream backend, bodies streamed unchanged (no body parser runs
 * before it), cookies and CSRF headers passed through. The notification calls are
 * matched first when they have their own upstream. A dead upstream is a 502, a slow
 * one a 504, both in DRF's error shape.
 */
export function apiProxy(options: ProxyOptions): RequestHandler[] {
  const proxies: RequestHandler[] = [];
  if (options.messageUpstream && options.messageUpstream !== options.apiUpstream) {
    proxies.push(proxyTo(options.messageUpstream, '/api/notification', options));
  }
  proxies.push(proxyTo(options.apiUpstream, '/api', options));
  return proxies;
}

/**
 * `/log` (the pages' tracking images, docs/specification/shell.md §7) to the upstream too, in proxy mode: the
 * upstream keeps the data, and this process has no log of its own to write to.
 */
export function logProxy(options: ProxyOptions): RequestHandler {
  return proxyTo(options.apiUpstream, '/log', options);
}

function proxyTo(target: string, pathFilter: string, options: ProxyOptions): RequestHandler {
  return createProxyMiddleware<IncomingMessage, ServerResponse>({
    target,
    // A path segment match: `/api/notification/…`, never `/api/notifications-…`.
    pathFilter: (pathname) => pathname === pathFilter || pathname.startsWith(`${pathFilter}/`),
    changeOrigin: true,
    xfwd: true,
    on: {
      proxyReq(proxyReq, req) {
        proxyReq.setTimeout(options.timeoutMs, () => {
          timedOut.add(req);
          proxyReq.destroy(new Error('upstream timeout'));
        });
        // The live notification stream (decision 046) is idle between events by design: no timeout once it answers.
        proxyReq.on('response', (proxyRes) => {
          if (String(proxyRes.headers['content-type'] ?? '').startsWith('text/event-stream')) proxyReq.setTimeout(0);
        });
      },
      error(error, req, res) {
        const status = timedOut.has(req) ? 504 : 502;
        options.logger.warn({ err: error, url: req.url, status }, 'API upstream failed');
        if (!isResponse(res) || res.headersSent) {
          res.destroy();
          return;
        }
        res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify({ detail: status === 504 ? GATEWAY_TIMEOUT : BAD_GATEWAY }));
      },
    },
  });
}

function isResponse(res: ServerResponse | Socket): res is ServerResponse {
  return 'writeHead' in res;
}
