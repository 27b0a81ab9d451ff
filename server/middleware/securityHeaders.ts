import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { pooledRandomBytes } from '../pooledRandom';
import { detectClientType, type ClientShell } from '../../shared/clientType';
import type { Config } from '../config';
import { loadsWechatSdk } from '../../shared/wechatSdk';

/** Origins the pages may reach beyond our own (media host, log endpoint, uploads, WeChat QR frame). */
export interface CspSources {
  /** Where the built client's scripts and stylesheets come from when not our /static (ASSET_BASE_URL). */
  assets?: string[];
  img?: string[];
  connect?: string[];
  frame?: string[];
  /** WeChat's JS-SDK: allowed only on the pages that load it (shared/wechatSdk.ts). */
  wechatSdkScript?: string[];
  /** Whether chat-app browser pages load it too (the official account's credentials are set). */
  chatAppSigning?: boolean;
}

/**
 * The browser features no page of the site uses, refused to it and to every frame it embeds
 * (the clipboard, which the editor reads and writes, and fullscreen stay at their defaults).
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), browsing-topics=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()';

/** A fresh nonce per response, then helmet with a strict CSP: no inline script without it, no unsafe-inline. */
export function securityHeaders(config: Pick<Config, 'secure'>, sources: CspSources = {}): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.nonce = pooledRandomBytes(16).toString('base64');
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    next();
  };
  return [nonce, helmet(helmetOptions(config, sources, true))];
}

/**
 * The same headers for a page with no inline script at all (a cached page, decision 009):
 * the CSP names no nonce, so they are the same for every response and computed once, for a
 * reader in the mini program (who loads WeChat's SDK) and for everyone else; by the reader's
 * client shell (already known to a cached page's reader), as name and value pairs in a row.
 */
export function fixedSecurityHeaders(config: Pick<Config, 'secure'>, sources: CspSources = {}): (shell: ClientShell) => readonly string[] {
  const middleware = helmet(helmetOptions(config, sources, false));
  const headersFor = (userAgent: string): Record<string, string> => {
    const headers: Record<string, string> = { 'Permissions-Policy': PERMISSIONS_POLICY };
    const res = {
      setHeader: (name: string, value: string | number) => {
        headers[name] = String(value);
      },
      removeHeader: (name: string) => {
        delete headers[name];
      },
    };
    // helmet only sets and removes headers, synchronously.
    middleware({ headers: { 'user-agent': userAgent } } as unknown as IncomingMessage, res as unknown as ServerResponse, () => undefined);
    return headers;
  };
  const withSdk = Object.entries(headersFor(WECHAT_MINI_PROGRAM_UA)).flat();
  const plain = Object.entries(headersFor('')).flat();
  return (shell) => (loadsWechatSdk(shell, sources.chatAppSigning ?? false) ? withSdk : plain);
}

/** A user agent of the mini program: the one client whose pages load WeChat's SDK without signing. */
const WECHAT_MINI_PROGRAM_UA = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 MicroMessenger/8.0.50 miniProgram';

function helmetOptions(config: Pick<Config, 'secure'>, sources: CspSources, withNonce: boolean): Parameters<typeof helmet>[0] {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          ...(sources.assets ?? []),
          ...(withNonce ? [(_req: IncomingMessage, res: ServerResponse) => `'nonce-${nonceOf(res)}'`] : []),
          ...(sources.wechatSdkScript ?? []).map(
            (origin) => (req: IncomingMessage) =>
              loadsWechatSdk(detectClientType(req.headers['user-agent']).shell, sources.chatAppSigning ?? false) ? origin : '',
          ),
        ],
        styleSrc: ["'self'", ...(sources.assets ?? [])],
        // The editor's inline styles in article HTML (colour, font, size, alignment, indent),
        // already held to an allow-list by the sanitiser; <style> elements stay forbidden.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(sources.assets ?? []), ...(sources.img ?? [])],
        fontSrc: ["'self'", 'data:', ...(sources.assets ?? [])],
        connectSrc: ["'self'", ...(sources.connect ?? [])],
        // WeChat's QR frame may also be the configured one: each origin once.
        frameSrc: [...new Set(["'self'", 'https://open.weixin.qq.com', ...(sources.frame ?? [])])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(config.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: config.secure,
    crossOriginEmbedderPolicy: false,
  };
}

/** helmet hands directive functions the bare Node response; Express keeps `locals` on it. */
function nonceOf(res: ServerResponse): string {
  const locals: unknown = Reflect.get(res, 'locals');
  const nonce: unknown = typeof locals === 'object' && locals !== null ? Reflect.get(locals, 'nonce') : undefined;
  if (typeof nonce !== 'string') throw new Error('CSP nonce missing: securityHeaders() sets it first');
  return nonce;
}
