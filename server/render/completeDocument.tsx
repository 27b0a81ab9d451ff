import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouterProvider, type createStaticRouter, type StaticHandlerContext } from 'react-router-dom';
import { StoresProvider } from '../../client/stores/context';
import type { RootStore } from '../../client/stores/RootStore';
import type { Logger } from '../logger';
import { DocumentCollector } from './cache/collector';
import type { RenderedPage } from './cache/dependencies';
import { DOCUMENT_TAIL } from './document';

/** What a finished render tells the cache about itself. */
export function renderedPage(stores: RootStore, state: StaticHandlerContext, failed: boolean): RenderedPage {
  return {
    routeIds: state.matches.map((m) => m.route.id),
    params: state.matches.at(-1)?.params ?? {},
    articleAuthor: stores.article.current?.author.username ?? null,
    failed,
  };
}

/** A page rendered whole into one string, as the cache keeps it: no split boundaries, no inline script. */
export function completeDocument(
  stores: RootStore,
  router: ReturnType<typeof createStaticRouter>,
  state: StaticHandlerContext,
  head: string,
  log: Logger,
  timeoutMs = 10_000,
): Promise<{ html: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const stream = renderToPipeableStream(
      <StoresProvider stores={stores}>
        <StaticRouterProvider router={router} context={state} hydrate={false} />
      </StoresProvider>,
      {
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          clearTimeout(timer);
          stream.pipe(new DocumentCollector(head, DOCUMENT_TAIL, (html) => resolve({ html, failed })));
        },
        onShellError(error) {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error) {
          failed = true;
          log.error({ err: error }, 'render error');
        },
      },
    );
    const timer = setTimeout(() => stream.abort(), timeoutMs);
    timer.unref();
  });
}
