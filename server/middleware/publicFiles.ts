import fs from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';

/**
 * The unhashed files of `public/` (favicon, theme sheets, images), cached a day. The names
 * are read once at start, so a page request, which is never one of them, costs no
 * file-system call (express.static alone stats every URL it sees).
 */
export function publicFiles(dir: string): RequestHandler {
  const names = new Set(
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, encoding: 'utf8' })
          .filter((name) => fs.statSync(path.join(dir, name)).isFile())
          .map((name) => `/${name.split(path.sep).join('/')}`)
      : [],
  );
  const serve = express.static(dir, { index: false, maxAge: '1d' });
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !names.has(safeDecode(req.path))) return next();
    serve(req, res, next);
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
