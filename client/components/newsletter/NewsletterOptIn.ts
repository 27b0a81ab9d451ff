import { action, makeObservable, observable, runInAction } from 'mobx';
import type { NewsletterState } from '../../../shared/newsletter';
import type { ApiClient } from '../../api/client';
import { newsletterApi } from '../../api/newsletter';

/** The reader's newsletter opt-in to one author, as NewsletterButton shows it: read after hydration (pages are shared, the state is the reader's). */
export class NewsletterOptIn {
  state: NewsletterState | null = null;
  busy = false;
  failed = false;

  constructor(
    private readonly api: ApiClient,
    private readonly author: string,
    /** Follows the author first when the reader does not yet (the server mails followers only). */
    private readonly ensureFollowing: () => Promise<void>,
  ) {
    makeObservable(this, { state: observable, busy: observable, failed: observable, settle: action });
  }

  async load(): Promise<void> {
    try {
      const { state } = await newsletterApi.state(this.api, this.author);
      this.settle(state);
    } catch {
      // No button rather than a wrong one.
    }
  }

  /** One click: opt in (following first when needed), ask for the confirmation mail again, or stop. */
  async toggle(): Promise<void> {
    if (this.busy || this.state === null) return;
    runInAction(() => ((this.busy = true), (this.failed = false)));
    try {
      if (this.state === 'active') {
        this.settle((await newsletterApi.stop(this.api, this.author)).state);
        return;
      }
      await this.ensureFollowing();
      this.settle((await newsletterApi.subscribe(this.api, this.author)).state);
    } catch {
      runInAction(() => ((this.busy = false), (this.failed = true)));
    }
  }

  settle(state: NewsletterState): void {
    this.state = state;
    this.busy = false;
  }
}
