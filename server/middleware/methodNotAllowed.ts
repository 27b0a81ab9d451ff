import type { RequestHandler } from 'express';

/** What no route took: every page is a GET (or HEAD), so anything else here is a 405 in DRF's error shape. */
export function methodNotAllowed(): RequestHandler {
  return (_req, res) => {
    res.status(405).set('Allow', 'GET, HEAD').json({ detail: 'Method not allowed.' });
  };
}
