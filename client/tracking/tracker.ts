import { STAT_SESSION_COOKIE, STAT_USER_COOKIE, STAT_USER_MAX_AGE_S, trackingUrl, type TrackingEvent } from '../../shared/tracking';
import { readCookie, setCookie } from '../cookies';

/**
 * The track action of docs/specification/shell.md §7: each event is an image request to the log
 * service, with the stat user (30 days) and session cookies as uid and sid.
 */
export class Tracker {
  private readonly statUser: string;
  private readonly statSession: string;

  constructor(
    private readonly endpoint: string,
    private readonly getUserId: () => number | null,
  ) {
    this.statUser = readCookie(STAT_USER_COOKIE) ?? crypto.randomUUID();
    this.statSession = readCookie(STAT_SESSION_COOKIE) ?? crypto.randomUUID();
    setCookie(STAT_USER_COOKIE, this.statUser, { maxAgeSeconds: STAT_USER_MAX_AGE_S });
    setCookie(STAT_SESSION_COOKIE, this.statSession);
  }

  track(event: TrackingEvent): void {
    const image = new Image(1, 1);
    image.src = trackingUrl(
      this.endpoint,
      {
        path: window.location.pathname + window.location.search,
        uid: this.getUserId() ?? this.statUser,
        sid: this.statSession,
        ...event,
      },
      Date.now(),
    );
  }

  /** Client load (with the page's name), client errors and the server's response time of this page. */
  watchPage(page?: string): void {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    this.track({ cate: 'page', event: 'load', page });
    if (navigation) {
      this.track({ cate: 'perf', event: 'server_timing', msg: Math.round(navigation.responseStart - navigation.requestStart) });
    }
    window.addEventListener('error', (e) => this.track({ cate: 'error', event: 'client_error', msg: e.message }));
    window.addEventListener('unhandledrejection', (e) =>
      this.track({ cate: 'error', event: 'unhandled_rejection', msg: String(e.reason instanceof Error ? e.reason.message : e.reason) }),
    );
  }
}
