import { Router } from 'express';

/**
 * The embedded backend: the `/api` contract of both seeds, one folder a domain.
 * Domains mount here as they are built; any other path answers DRF's 404.
 */
export function embeddedApi(): Router {
  const api = Router();
  api.use((_req, res) => {
    res.status(404).json({ detail: 'Not found.' });
  });
  return api;
}
