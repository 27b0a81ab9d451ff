import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { detectClientType } from '../../shared/clientType';
import type { Config } from '../config';
import { loadsWechatSdk } from '../../shared/wechatSdk';

/** Origins the pages may reach beyond our own (media host, log endpoint, uploads, WeChat QR frame). */
export interface CspSources {
  img?: string[];
  connect?: string[];
  frame?: string[];
  /** WeChat's JS-SDK: allowed only on the pages that load it (shared/wechatSdk.ts). */
  wechatSdkScript?: string[];
  /** Whether chat-app browser pages load it too (the official account's credentials are set). */
  chatAppSigning?: boolean;
}

/** A fresh nonce per response, then helmet with a strict CSP: no inline script without it, no unsafe-inline. */
export function securityHeaders(config: Pick<Config, 'secure'>, sources: CspSources = {}): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString('base64');
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${nonceOf(res)}'`,
          ...(sources.wechatSdkScript ?? []).map(
            (origin) => (req: IncomingMessage) => (loadsWechatSdk(detectClientType(req.headers['user-agent']).shell, sources.chatAppSigning ?? false) ? origin : ''),
          ),
        ],
        styleSrc: ["'self'"],
        // The editor's inline styles in article HTML (colour, font, size, alignment, indent),
        // already held to an allow-list by the sanitiser; <style> elements stay forbidden.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(sources.img ?? [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(sources.connect ?? [])],
        frameSrc: ["'self'", 'https://open.weixin.qq.com', ...(sources.frame ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(config.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: config.secure,
    crossOriginEmbedderPolicy: false,
  });
  return [nonce, headers];
}

/** helmet hands directive functions the bare Node response; Express keeps `locals` on it. */
function nonceOf(res: ServerResponse): string {
  const locals: unknown = Reflect.get(res, 'locals');
  const nonce: unknown = typeof locals === 'object' && locals !== null ? Reflect.get(locals, 'nonce') : undefined;
  if (typeof nonce !== 'string') throw new Error('CSP nonce missing: securityHeaders() sets it first');
  return nonce;
}
