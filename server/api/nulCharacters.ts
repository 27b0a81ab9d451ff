import type { RequestHandler } from 'express';

/**
 * PostgreSQL refuses text with NUL characters (a 500 if it got there); no field of ours
 * has a use for them. A body, query or path carrying one is a 400 on both engines.
 */
export function rejectNulCharacters(): RequestHandler {
  return (req, res, next) => {
    if (hasNul(req.body) || hasNul(req.query) || safeDecode(req.path).includes('\u0000')) {
      res.status(400).json({ detail: 'Text may not contain NUL characters.' });
      return;
    }
    next();
  };
}

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (typeof value === 'object' && value !== null) return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v));
  return false;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
