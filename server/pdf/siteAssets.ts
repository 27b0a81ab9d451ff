import type { PdfAsset } from './chromiumRenderer';
import { localGet } from './localGet';

export interface SiteAssetOptions {
  /** Where this server answers, as seen from this process (the request's local address). */
  internalOrigin: string;
  /** Other origins that mean this server: PUBLIC_ORIGIN, the site origin. */
  aliases: readonly string[];
  /** A media host elsewhere (the Qiniu bucket's domain): its images are fetched from it. */
  mediaOrigins: readonly string[];
  maxBytes: number;
  timeoutMs: number;
}

/**
 * What the printing page may load: this server's own files (images, font sheets and
 * fonts), fetched from its local address, and the media host's images; anything else
 * is blocked, so the page reaches no other host.
 */
export function siteAssetFetcher(options: SiteAssetOptions): (url: string) => Promise<PdfAsset | null> {
  const own = new Set([options.internalOrigin, ...options.aliases]);
  return async (raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return null;
    }
    if (options.mediaOrigins.includes(url.origin) && !own.has(url.origin)) return mediaGet(url.href, options);
    if (!own.has(url.origin)) return null;
    const response = await localGet(`${options.internalOrigin}${url.pathname}${url.search}`, {
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
    }).catch(() => null);
    if (response?.status !== 200) return null;
    return { body: response.body, contentType: response.contentType };
  };
}

/** The origin of the address a request came in on (its socket's local end), if it has one. */
export function localOriginOf(socket: { localAddress?: string; localPort?: number }): string | null {
  const { localAddress, localPort } = socket;
  if (!localAddress || !localPort) return null;
  const address = localAddress.replace(/^::ffff:/, '');
  return address.includes(':') ? `http://[${address}]:${localPort}` : `http://${address}:${localPort}`;
}

async function mediaGet(url: string, limits: { timeoutMs: number; maxBytes: number }): Promise<PdfAsset | null> {
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(limits.timeoutMs) });
    if (response.status !== 200 || Number(response.headers.get('content-length') ?? 0) > limits.maxBytes) {
      await response.body?.cancel();
      return null;
    }
    const body = Buffer.from(await response.arrayBuffer());
    return body.length > limits.maxBytes ? null : { body, contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}
