import type { Request as ExpressRequest, RequestHandler } from 'express';
import type { ApiTransport } from '../../client/api/transport';
import { enableStaticRendering } from 'mobx-react-lite';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider, type StaticHandlerContext } from 'react-router-dom';
import { isCrawler } from '../../shared/crawler';
import { loadsWechatSdk } from '../../shared/wechatSdk';
import { offersWechatH5, offersWechatNative } from '../../shared/wechatNative';
import { textLocale } from '../../shared/locale';
import { CATALOGUE_MODULES } from '../../client/i18n/loadCatalogue';
import { createRoutes, type RouteTableOptions } from '../../client/routes';
import { pageSourceFile, type PageRequest } from '../../client/routing/pageModules';
import { isRouteHandle } from '../../client/routing/pageRoute';
import { serializeHydrationData } from '../../client/routing/hydrationData';
import { matchedRoutesOf } from './matchedRoutes';
import { StoresProvider } from '../../client/stores/context';
import { storesForServerRendering } from '../../client/stores/observable';
import { RootStore } from '../../client/stores/RootStore';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { CATALOGUES } from './catalogues';
import { DOCUMENT_TAIL, documentHead, fallbackDocument } from './document';
import { DocumentWriter } from './documentWriter';
import { DocumentCollector } from './cache/collector';
import type { RenderCache, RenderedDocument } from './cache/renderCache';
import { pageRequestOf } from './pageRequest';
import type { SharedPageSender } from './sharedPages';
import { completeDocument, renderedPage } from './completeDocument';
import { EDITOR_PAGE_MODULE, modulePreloads, pageStylesheets, type AssetManifest } from './manifest';
import { pageHead } from '../seo/pageHead';
import { siteOriginFor } from '../seo/origin';
import { ROUTE_LABEL } from '../middleware/requestMetrics';

enableStaticRendering(true);
storesForServerRendering();

export interface SsrOptions {
  config: Pick<Config, 'env' | 'siteName' | 'publicOrigin' | 'logEndpoint' | 'wechatSdkUrl' | 'appLinks' | 'wechat' | 'wechatPay' | 'paymentsSandbox'>;
  manifest: AssetManifest;
  /** The transport of this request's data calls: the embedded backend in process, or the upstream. */
  transportFor: (req: ExpressRequest) => ApiTransport;
  /** True when the request carries no credentials at all, so the reader is known to be signed out. */
  isAnonymous?: (req: ExpressRequest) => boolean;
  /** Routes a test mounts beside the real table. */
  extraRoutes?: RouteTableOptions['extraRoutes'];
  /** A render still running after this is aborted (what is left renders in the browser). */
  renderTimeoutMs?: number;
  /** The render cache: requests it marked render complete, without a nonce, into it. */
  renderCache?: Pick<RenderCache, 'slotOf' | 'finish'>;
  /** The media host's name, whose images the client asks for resized (shared/mediaImage.ts). */
  mediaHost?: string;
  /** Signed-in readers' pages made from cached ones where their view is the anonymous one (sharedPages.tsx). */
  sharedPages?: SharedPageSender;
  /** A signed-out reader's transport for the same request: the cached copy such a page is made from. */
  anonymousTransportFor?: (req: ExpressRequest) => ApiTransport;
}

/**
 * Server rendering: a new RootStore per request, the route loaders through the
 * router's page query, the status decided before the first byte, then the
 * document streams: browsers get the shell at once, crawlers the complete page.
 */
export function ssr(options: SsrOptions): RequestHandler {
  const origin = options.config.publicOrigin ?? 'http://localhost';
  const editorStylesheet = options.manifest.pageCss[EDITOR_PAGE_MODULE]?.[0];
  // One route table for the process (its paths compiled once); the loaders find the request's
  // stores through async context.
  const handler = createStaticHandler(createRoutes(storesOfThisRequest, { extraRoutes: options.extraRoutes }));
  const branchOf = matchedRoutesOf();
  return async (req, res) => {
    const { locale, clientType, nonce } = res.locals;
    const crawler = isCrawler(req.headers['user-agent']);
    const catalogue = CATALOGUES[textLocale(locale)];
    const anonymous = options.isAnonymous?.(req) ?? false;
    const storesWith = (transport: ApiTransport, signedOut: boolean) =>
      new RootStore(
        {
          env: {
            locale,
            clientType,
            siteName: options.config.siteName,
            year: new Date().getFullYear(),
            renderedAt: Date.now(),
            logEndpoint: options.config.logEndpoint ?? '/log',
            ...(loadsWechatSdk(clientType.shell, options.config.wechat.mp !== undefined) ? { wechatSdkUrl: options.config.wechatSdkUrl } : {}),
            ...(options.config.appLinks.ios || options.config.appLinks.android ? { appLinks: options.config.appLinks } : {}),
            ...(options.mediaHost ? { mediaHost: options.mediaHost } : {}),
            ...(editorStylesheet ? { editorStylesheet } : {}),
            ...(crawler ? { crawler: true } : {}),
            ...(offersWechatNative(clientType, options.config.wechatPay !== undefined || options.config.paymentsSandbox) ? { wechatNativePay: true } : {}),
            ...(offersWechatH5(clientType, options.config.wechatPay !== undefined || options.config.paymentsSandbox) ? { wechatH5Pay: true } : {}),
          },
          account: signedOut ? { info: {}, loaded: true } : undefined,
        },
        catalogue,
        transport,
      );
    const stores = storesWith(options.transportFor(req), anonymous);
    let request: Request;
    try {
      request = pageRequestOf(req, origin);
    } catch {
      res.status(400).type('text/plain').send('Bad Request');
      return;
    }
    requestStores.set(request, stores);
    const query = await handler.query(request);
    if (query instanceof Response) {
      res
        .status(query.status)
        .location(query.headers.get('Location') ?? '/')
        .end();
      return;
    }
    // The page's route id names it in /metrics (server/middleware/requestMetrics.ts).
    res.locals[ROUTE_LABEL] = query.matches.at(-1)?.route.id;
    concealInternalErrors(query, req.log, options.config.env === 'production');
    // The head of a page's document: its meta, assets, store snapshot and route errors.
    const headOf = (pageStores: RootStore, state: StaticHandlerContext, pageRequest: Request) => {
      const handles = state.matches.map((m): { handle: unknown; pathname: string } => ({ handle: m.route.handle, pathname: m.pathname }));
      const pages = handles
        .map((m) => m.handle)
        .filter(isRouteHandle)
        .map((h) => pageSourceFile(h.page));
      return documentHead({
        lang: pageStores.env.htmlLang,
        meta: pageHead({
          stores: pageStores,
          matches: handles,
          url: new URL(pageRequest.url),
          origin: siteOriginFor(options.config.publicOrigin, req),
          errorStatus: state.errors ? state.statusCode : undefined,
        }),
        entryScript: options.manifest.entry,
        preloads: modulePreloads(options.manifest, [CATALOGUE_MODULES[pageStores.env.textLocale], ...pages]),
        stylesheets: pageStylesheets(options.manifest, pages),
        state: pageStores,
        routerData: serializeHydrationData(state.loaderData, state.errors),
      });
    };

    // A signed-in reader of a page shared with them: the cached anonymous copy with their own header (decision 054).
    const anonymousTransportFor = options.anonymousTransportFor;
    if (!anonymous && options.sharedPages && anonymousTransportFor && query.statusCode === 200 && !query.errors) {
      // The anonymous copy when the cache lacks it: read as no one (no page view counted) and rendered complete.
      const renderAnonymous = async (): Promise<RenderedDocument | null> => {
        const signedOut = storesWith(anonymousTransportFor(req), true);
        const signedOutRequest = new Request(request.url);
        requestStores.set(signedOutRequest, signedOut);
        const page = await handler.query(signedOutRequest);
        if (page instanceof Response || page.statusCode !== 200 || page.errors) return null;
        const head = headOf(signedOut, page, signedOutRequest);
        const { html, failed } = await completeDocument(
          signedOut,
          createStaticRouter(branchOf(page.matches), page),
          page,
          head,
          req.log,
          options.renderTimeoutMs,
        );
        return { status: 200, html, rendered: renderedPage(signedOut, page, failed) };
      };
      if (await options.sharedPages(req, res, stores, query, renderAnonymous)) return;
    }

    // A page for the cache is the same for every anonymous reader: complete, with no inline script and no nonce.
    const cacheSlot = options.renderCache?.slotOf(res);
    const complete = crawler || cacheSlot !== undefined;
    const renderNonce = cacheSlot ? undefined : nonce;
    const render = (state: StaticHandlerContext, onFailure: (error: unknown) => void) => {
      const status = state.statusCode;
      let failed = false;
      const head = headOf(stores, state, request);
      const send = () => {
        res.status(status);
        // A page made for a reader who sent credentials may carry their own data: no shared cache keeps it.
        res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': anonymous ? 'no-cache' : 'private, no-cache' });
        stream.pipe(new DocumentWriter(res, head, DOCUMENT_TAIL));
      };
      const keep = (slot: NonNullable<typeof cacheSlot>, cache: NonNullable<SsrOptions['renderCache']>) => () => {
        const rendered = renderedPage(stores, state, failed);
        stream.pipe(new DocumentCollector(head, DOCUMENT_TAIL, (html) => void cache.finish(req, res, slot, status, html, rendered)));
      };
      const finished = cacheSlot && options.renderCache ? keep(cacheSlot, options.renderCache) : send;
      const stream = renderToPipeableStream(
        <StoresProvider stores={stores}>
          <StaticRouterProvider router={createStaticRouter(branchOf(state.matches), state)} context={state} hydrate={false} />
        </StoresProvider>,
        {
          nonce: renderNonce,
          // A crawler's (and the cache's) page must be readable without scripts: no split boundaries.
          progressiveChunkSize: complete ? Number.POSITIVE_INFINITY : undefined,
          onShellReady: complete ? undefined : send,
          onAllReady: complete ? finished : undefined,
          onShellError: onFailure,
          onError(error) {
            failed = true;
            req.log.error({ err: error }, 'render error');
          },
        },
      );
      const timer = setTimeout(() => stream.abort(), options.renderTimeoutMs ?? 10_000);
      timer.unref();
      res.on('close', () => clearTimeout(timer));
    };

    // A component that throws renders the error page with 500; if that fails too, the fallback.
    render(query, (error) => {
      req.log.error({ err: error }, 'the page failed to render');
      if (res.headersSent) return;
      const shown = options.config.env === 'production' ? new Error('Internal Server Error') : error;
      render({ ...query, errors: { root: shown }, statusCode: 500 }, (fallbackError) => {
        req.log.error({ err: fallbackError }, 'the error page failed to render');
        if (res.headersSent) return;
        res
          .status(500)
          .type('html')
          .send(fallbackDocument(stores.env.htmlLang, stores.env.t('error.fallback')));
      });
    });
  };
}

/** Unexpected loader errors are logged with the request id; in production their text stays on the server. */
function concealInternalErrors(state: StaticHandlerContext, log: Logger, production: boolean): void {
  const { errors } = state;
  if (!errors) return;
  for (const [routeId, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) continue;
    log.error({ err: error, routeId }, 'route loader failed');
    if (production) errors[routeId] = new Error('Internal Server Error');
  }
}

/**
 * Each page request's stores, by the request its loaders get. Not an AsyncLocalStorage: while one
 * is in use every promise of the process pays Node's promise hooks (3 % of a page's CPU).
 */
const requestStores = new WeakMap<PageRequest, RootStore>();

/** The stores of the page request whose loaders are running. */
function storesOfThisRequest(request: PageRequest): RootStore {
  const stores = requestStores.get(request);
  if (!stores) throw new Error('route loaders run only inside a page request');
  return stores;
}
