import { runInAction } from 'mobx';
import { articlesApi } from '../api/articles';
import { bookletsApi } from '../api/booklets';
import { ApiClient, type ApiRequestError } from '../api/client';
import type { ApiRequest, ApiTransport } from '../api/transport';
import type { Catalogue } from '../i18n/en';
import type { ArticleSummary, BookletCard } from '../../shared/entities';
import type { TrackingEvent } from '../../shared/tracking';
import { AccountStore, type AccountSnapshot } from './AccountStore';
import { ArticleStore, type ArticleSnapshot } from './ArticleStore';
import { BookletStore, type BookletSnapshot } from './BookletStore';
import { EnvStore, type EnvSnapshot } from './EnvStore';
import { ColumnStore, type ColumnSnapshot } from './ColumnStore';
import { CommentsStore } from './CommentsStore';
import { DeferredTasks, type DeferredTask } from './DeferredTasks';
import { browserEnvironment, FeedbackStore, type EnvironmentProbe } from './FeedbackStore';
import { NotificationStore } from './NotificationStore';
import { PagedList, type PagedListSnapshot } from './PagedList';
import { byLink } from './pageSource';
import { PageStores } from './PageStores';
import { PaymentTrigger } from '../payments/paymentTrigger';
import { PhotoViewerStore } from './PhotoViewerStore';
import { SignInStore } from './SignInStore';
import { UiStore, type UiSnapshot } from './UiStore';

export interface RootSnapshot {
  env: EnvSnapshot;
  ui: UiSnapshot;
  account: AccountSnapshot;
  article: ArticleSnapshot;
  feed: PagedListSnapshot<ArticleSummary>;
  /** The booklets of the home and discovery pages; absent when the page showed none. */
  bookletList?: PagedListSnapshot<BookletCard>;
  column: ColumnSnapshot;
  booklet: BookletSnapshot;
  /** The page stores' snapshots by name (client/stores/pageStore.ts); absent when the page made none. */
  pages?: Record<string, unknown>;
}

/** One per request on the server, one per page load in the browser. */
export class RootStore {
  readonly env: EnvStore;
  readonly ui: UiStore;
  readonly account: AccountStore;
  /** The one API client; its transport decides how calls travel (browser, in process, upstream). */
  readonly api: ApiClient;
  readonly signIn: SignInStore;
  readonly article: ArticleStore;
  /** The public articles of the home and discovery pages. */
  readonly feed: PagedList<ArticleSummary>;
  /** The booklets of the home and discovery pages, as cards. */
  readonly bookletList: PagedList<BookletCard>;
  readonly column: ColumnStore;
  readonly booklet: BookletStore;
  /** The stores of single pages (wallet, orders, member), made by their loaders or from the snapshot. */
  readonly pages: PageStores;
  readonly deferred = new DeferredTasks();
  /** Which purchase the payment panel (a lazy chunk) is open for. */
  readonly payment = new PaymentTrigger();
  readonly comments: CommentsStore;
  /** The photo viewer overlay; browser-only state, never in the snapshot. */
  readonly photos = new PhotoViewerStore();
  /** The feedback popup; browser-only state. */
  readonly feedback: FeedbackStore;
  /** The bell and the notification list; browser-only, with a quiet API client (docs/specification/shell.md §8). */
  readonly notifications: NotificationStore;
  /** The same transport without the progress line: calls whose failures the caller reports itself (the editor's saves). */
  readonly quietApi: ApiClient;
  /** Sends an event to the log service (docs/specification/shell.md §7). */
  readonly track: (event: TrackingEvent) => void;

  constructor(
    snapshot: Pick<RootSnapshot, 'env'> & Partial<RootSnapshot>,
    catalogue: Catalogue,
    transport: ApiTransport,
    hooks: {
      onApiFailure?: (error: ApiRequestError, request: ApiRequest) => void;
      /** How outcomes are announced as alerts (docs/specification/shell.md §8); window.alert by default. */
      alert?: (text: string) => void;
      /** What the browser says about itself, for feedback. */
      probeEnvironment?: EnvironmentProbe;
      /** The log service's track action (client/tracking/tracker.ts); nothing on the server. */
      track?: (event: TrackingEvent) => void;
    } = {},
  ) {
    this.track = hooks.track ?? (() => {});
    this.env = new EnvStore(snapshot.env, catalogue);
    this.ui = new UiStore(snapshot.ui);
    this.api = new ApiClient(transport, (error, request) => {
      this.ui.failProgress(error.message);
      hooks.onApiFailure?.(error, request);
    });
    this.account = new AccountStore(this.api, snapshot.account);
    this.signIn = new SignInStore(this.account, this.env);
    this.article = new ArticleStore(this.api, snapshot.article);
    this.feed = new PagedList(
      byLink((next) => articlesApi.publicList(this.api, next)),
      snapshot.feed,
    );
    this.bookletList = new PagedList(
      byLink((next) => bookletsApi.publicList(this.api, next)),
      snapshot.bookletList,
    );
    this.column = new ColumnStore(this.api, snapshot.column);
    this.booklet = new BookletStore(this.api, snapshot.booklet, this.payment);
    this.pages = new PageStores(snapshot.pages);
    this.comments = new CommentsStore(this.api);
    this.feedback = new FeedbackStore(
      this.api,
      this.account,
      this.env,
      hooks.alert ?? ((text) => window.alert(text)),
      hooks.probeEnvironment ?? browserEnvironment,
    );
    this.notifications = new NotificationStore(new ApiClient(transport));
    this.quietApi = new ApiClient(transport);
    this.signIn.onHide = () => this.deferred.clear();
  }

  /**
   * Runs an action that needs an account, or, signed out, keeps it as a deferred task
   * and opens the sign-in overlay (docs/specification/shell.md §4).
   */
  async perform(task: DeferredTask): Promise<void> {
    if (!this.account.signedIn) {
      this.deferred.add(task, currentPage(), Date.now());
      this.signIn.open();
      return;
    }
    await this.run(task);
  }

  /** After sign-in in the overlay: close it (keeping the tasks), refresh what is per reader, run this page's tasks. */
  async afterSignIn(): Promise<void> {
    runInAction(() => (this.signIn.show = false));
    await Promise.all([
      this.article.refresh().catch(() => {}),
      this.column.refresh().catch(() => {}),
      this.booklet.refresh().catch(() => {}),
      this.pages.refresh(),
    ]);
    await this.runDeferredHere();
  }

  /**
   * Runs the tasks kept for the page now shown, when signed in: on the page load that follows a
   * sign-in that reloads (the chat app's) and after each navigation (back from `/sign/in/`).
   */
  async runDeferredHere(): Promise<void> {
    if (!this.account.signedIn) return;
    for (const task of this.deferred.takeFor(currentPage(), Date.now())) await this.run(task).catch(() => {});
  }

  private async run(task: DeferredTask): Promise<void> {
    const current = this.article.current;
    switch (task.kind) {
      case 'like':
        if (current?.slug === task.slug && !current.thumb_up_status) await this.article.setLiked(true);
        return;
      case 'favorite':
        if (current?.slug === task.slug && !current.favorite_status) await this.article.setFavorite(true);
        return;
      case 'follow':
        if (current?.author.username === task.username && !current.author.follow_status) await this.article.setFollowingAuthor(true);
        else if (this.column.owner?.username === task.username && !this.column.owner.follow_status) await this.column.setFollowing(true);
        return;
      case 'comment':
        await this.comments.add(task.slug, task.text, task.parent);
        return;
      case 'rate-booklet':
        await this.booklet.rate(task.slug, task.rating, task.review);
        return;
      case 'buy-booklet':
        // Signed in, the reader may turn out to own it already; otherwise the Buy button's answer.
        if (this.article.current?.paywall?.booklet.slug === task.slug || this.booklet.hasLockedChapters(task.slug))
          await this.booklet.requestPurchase(task.slug, () => this.article.refresh());
        return;
      case 'buy-membership':
        this.payment.open({ type: 'membership', identity: task.identity, amount: task.amount, label: task.label, price: task.price, reloadAfterSuccess: true });
        return;
    }
  }

  /** The snapshot serialised into the page and rebuilt before hydration. */
  toJSON(): RootSnapshot {
    const pages = this.pages.toJSON();
    return {
      env: this.env.toJSON(),
      ui: this.ui.toJSON(),
      account: this.account.toJSON(),
      article: this.article.toJSON(),
      feed: this.feed.toJSON(),
      ...(this.bookletList.loaded ? { bookletList: this.bookletList.toJSON() } : {}),
      column: this.column.toJSON(),
      booklet: this.booklet.toJSON(),
      ...(pages ? { pages } : {}),
    };
  }
}

/** The path of the page shown (deferred tasks belong to one); none while the server renders. */
function currentPage(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname;
}
