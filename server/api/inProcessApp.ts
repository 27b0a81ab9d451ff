import http from 'node:http';
import express, { type Express, type Router } from 'express';
import type { Logger } from '../logger';
import { TRUSTED_PROXY } from './caller';

/**
 * The embedded API mounted alone, for the server's own data calls in process.
 *
 * light-my-request, which injects those calls, recognises an Express app and
 * re-parents the prototype of its `request` and `response` objects. In Express that
 * prototype is shared by every app in the process, so the injector would break the
 * real server's requests. This app gets private copies to re-parent instead.
 */
export function inProcessApiApp(api: Router, logger: Logger): Express {
  const app = express();
  // A call's X-Forwarded-For is the reader's address (server/api/caller.ts): what its rate limits count.
  app.set('trust proxy', TRUSTED_PROXY);
  isolatePrototypes(app);
  // A data call is part of the page's request, which has its own log line: no line of its own
  // (three or four a page before), but its failures are still logged through req.log.
  app.use((req, _res, next) => {
    req.log = logger;
    next();
  });
  app.use('/api', api);
  return app;
}

function isolatePrototypes(app: Express): void {
  const requestMethods = Object.getOwnPropertyDescriptors(Object.getPrototypeOf(app.request) as object);
  const responseMethods = Object.getOwnPropertyDescriptors(Object.getPrototypeOf(app.response) as object);
  const ownApp = { app: { configurable: true, enumerable: true, writable: true, value: app } };
  app.request = Object.create(Object.create(http.IncomingMessage.prototype, requestMethods) as object, ownApp) as Express['request'];
  app.response = Object.create(Object.create(http.ServerResponse.prototype, responseMethods) as object, ownApp) as Express['response'];
}
