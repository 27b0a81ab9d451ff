import cookieParser from 'cookie-parser';
import { Router } from 'express';
import type { Config } from '../config';
import { csrfCookie } from './csrfCookie';
import { localeAndClient } from './localeAndClient';

/** What every page reads and carries: the cookies parsed, the locale and client type (res.locals), the CSRF cookie. */
export function pageCookies(config: Pick<Config, 'secure'>): Router {
  return Router()
    .use(cookieParser())
    .use(localeAndClient({ secure: config.secure }))
    .use(csrfCookie({ secure: config.secure }));
}
