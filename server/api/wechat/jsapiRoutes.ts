import { Router } from 'express';
import { z } from 'zod';
import type { JsapiRequest, JsapiUnconfigured } from '../../../shared/wechat';
import { siteOriginFor } from '../../seo/origin';
import type { JsapiSigner } from '../../wechat/jsapiSigner';
import { WechatUpstreamError } from '../../wechat/wechatApi';
import { ApiError } from '../errors';
import { requestSchema } from '../requestSchema';

const body = requestSchema<JsapiRequest>()(z.object({ url: z.url({ protocol: /^https?$/ }).max(2048) }));

export interface JsapiRouteDeps {
  /** Present with the official account's credentials (WECHAT_MP_APP_ID/SECRET). */
  wechatSigner?: JsapiSigner;
  /** PUBLIC_ORIGIN: only its pages are signed (else the request's own origin). */
  publicOrigin?: string;
}

/**
 * The share adapter of the chat-app browser (docs/specification/shell.md §2): the page posts its URL and gets
 * the JS-SDK signature for `wx.config`. Without WeChat credentials there is nothing to sign,
 * so the answer says so and the page keeps the browser's own share menu (docs/decisions/016, 017).
 */
export function jsapiRoutes(deps: JsapiRouteDeps = {}): Router {
  const router = Router();
  router.post('/jsapi/url/', async (req, res) => {
    const { url } = body.parse(req.body);
    const signer = deps.wechatSigner;
    if (!signer) {
      res.json({ configured: false, url } satisfies JsapiUnconfigured);
      return;
    }
    const page = new URL(url);
    if (page.origin !== siteOriginFor(deps.publicOrigin, req)) throw new ApiError(400, { url: ['Only pages of this site can be signed.'] });
    // WeChat signs the address without its fragment.
    const withoutHash = url.split('#')[0] ?? url;
    try {
      res.json(await signer.sign(withoutHash));
    } catch (error) {
      if (!(error instanceof WechatUpstreamError)) throw error;
      req.log.warn({ err: error }, 'WeChat JS-SDK signature failed');
      throw ApiError.detail(502, 'WeChat did not answer. Please try again later.');
    }
  });
  return router;
}
