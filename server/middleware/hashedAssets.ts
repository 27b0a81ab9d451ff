import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const CROSS_ORIGIN = { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' };

interface AssetFile {
  br: boolean;
  gzip: boolean;
}

/**
 * The hashed build output under `/static`: served pre-compressed (brotli, then gzip)
 * with an immutable cache header, and a real 404 for a name that is not there. With
 * `crossOrigin` (pages load them from a CDN that fetches them here, ASSET_BASE_URL), they
 * say any site may load them: module scripts are fetched with CORS, stylesheets without.
 */
export function hashedAssets(dir: string, options: { crossOrigin?: boolean } = {}): RequestHandler {
  const files = indexAssets(dir);
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).set('Allow', 'GET, HEAD').type('text/plain').send('Method Not Allowed');
      return;
    }
    const name = req.path.replace(/^\/+/, '');
    const file = files.get(name);
    if (!file) {
      res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not Found');
      return;
    }
    const accepted = res.locals.acceptEncoding ?? req.headers['accept-encoding'] ?? '';
    const encoding = file.br && acceptsEncoding(accepted, 'br') ? 'br' : file.gzip && acceptsEncoding(accepted, 'gzip') ? 'gzip' : null;
    res.set({
      'Content-Type': CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream',
      'Cache-Control': IMMUTABLE,
      Vary: 'Accept-Encoding',
      ...(options.crossOrigin ? CROSS_ORIGIN : {}),
    });
    if (encoding) res.set('Content-Encoding', encoding);
    const onDisk = encoding === 'br' ? `${name}.br` : encoding === 'gzip' ? `${name}.gz` : name;
    res.sendFile(onDisk, { root: dir, cacheControl: false, dotfiles: 'deny' });
  };
}

function indexAssets(dir: string): Map<string, AssetFile> {
  const files = new Map<string, AssetFile>();
  if (!fs.existsSync(dir)) return files;
  const names = new Set(fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((n) => n.split(path.sep).join('/')));
  for (const name of names) {
    if (name.endsWith('.br') || name.endsWith('.gz') || name === 'manifest.json') continue;
    if (!fs.statSync(path.join(dir, name)).isFile()) continue;
    files.set(name, { br: names.has(`${name}.br`), gzip: names.has(`${name}.gz`) });
  }
  return files;
}

function acceptsEncoding(header: string, encoding: string): boolean {
  return header.split(',').some((part) => {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (token?.trim() !== encoding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}
