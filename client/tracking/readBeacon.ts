import { READ_END_AFTER_S, READ_STAY_S } from '../../shared/authorStats';
import type { ApiClient } from '../api/client';
import { statsApi } from '../api/stats';

/**
 * Reports a read once (docs/decisions/074): when `end` (the article's last line) has come into view
 * and the page has been in view for READ_END_AFTER_S seconds, or the page has been in view for
 * READ_STAY_S seconds. Time in a hidden tab does not count. Returns the cleanup.
 */
export function watchRead(end: Element, report: () => void): () => void {
  let seen = 0;
  let reachedEnd = false;
  let done = false;
  const check = () => {
    if (done) return;
    if ((reachedEnd && seen >= READ_END_AFTER_S) || seen >= READ_STAY_S) {
      done = true;
      stop();
      report();
    }
  };
  const timer = window.setInterval(() => {
    if (document.visibilityState === 'visible') seen += 1;
    check();
  }, 1000);
  const observer =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver((entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          reachedEnd = true;
          observer?.disconnect();
          check();
        });
  observer?.observe(end);
  function stop() {
    window.clearInterval(timer);
    observer?.disconnect();
  }
  return stop;
}

/** The article page's read beacon: reports the read of the article to the server, which counts it only after a counted view. */
export function watchArticleRead(end: Element, api: ApiClient, articleId: number): () => void {
  return watchRead(end, () => {
    statsApi.read(api, articleId).catch(() => undefined);
  });
}
