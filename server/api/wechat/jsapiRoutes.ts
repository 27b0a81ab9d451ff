import { Router } from 'express';
import { z } from 'zod';

const body = z.object({ url: z.url({ protocol: /^https?$/ }).max(2048) });

/**
 * The share adapter of the chat-app browser (seed 000 §2): the page posts its URL to get
 * a JS-SDK signature. Without WeChat credentials there is nothing to sign, so the answer
 * says so and the page keeps the browser's own share menu (docs/decisions/016).
 */
export function jsapiRoutes(): Router {
  const router = Router();
  router.post('/jsapi/url/', (req, res) => {
    const { url } = body.parse(req.body);
    res.json({ configured: false, url });
  });
  return router;
}
