import { action, observable, reaction, runInAction } from 'mobx';
import { makeStoreObservable } from './observable';
import { isValidEmail } from '../../shared/email';
import { wechatSignInPath } from '../../shared/wechatSignIn';
import { ApiRequestError } from '../api/client';
import type { AccountStore } from './AccountStore';
import type { EnvStore } from './EnvStore';
import { TimedTip } from './TimedTip';

/** docs/specification/shell.md §4: the sign-in modes. */
export type SignInMode = 'mail' | 'wechat' | 'reset';

/** The sign-in form's state and rules (docs/specification/shell.md §4, §5, §8), shared by the page and the overlay. */
export class SignInStore {
  /** docs/specification/shell.md §3, the overlay: shown, closable, and whether chat-app sign-in starts by itself. */
  show = false;
  closable = true;
  autoUseWechat = true;
  mode: SignInMode = 'mail';
  submitting = false;
  /** A message shown for 2 s. */
  /** The form's passing message (docs/specification/shell.md §4). */
  readonly tips = new TimedTip();

  constructor(
    private readonly account: AccountStore,
    private readonly env: EnvStore,
  ) {
    makeStoreObservable(this, {
      show: observable,
      closable: observable,
      autoUseWechat: observable,
      mode: observable,
      submitting: observable,
      setMode: action,
      open: action,
      hide: action,
    });
    // docs/specification/shell.md §4: the overlay closes when an account id appears (the tasks stay for afterSignIn).
    reaction(
      () => this.account.id,
      (id) => {
        if (id !== null) runInAction(() => (this.show = false));
      },
    );
  }

  /**
   * Inside the chat-app browser with automatic chat-app sign-in on, the overlay is not shown:
   * the page goes straight to chat-app sign-in (docs/specification/shell.md §4). The navigation, or null.
   */
  wechatRedirect(next: string): string | null {
    return this.show && this.autoUseWechat && this.env.clientType.shell === 'wechat' ? wechatSignInPath('weixin', next) : null;
  }

  /** The menu's 'E-mail Sign In': signs out first, then opens the overlay without chat-app sign-in. */
  async switchToMail(): Promise<void> {
    await this.account.signOut();
    this.open({ autoUseWechat: false });
  }

  /** Opens the overlay, in mail mode unless told otherwise. */
  open(options: { mode?: SignInMode; closable?: boolean; autoUseWechat?: boolean } = {}): void {
    this.show = true;
    this.mode = options.mode ?? 'mail';
    this.closable = options.closable ?? true;
    this.autoUseWechat = options.autoUseWechat ?? true;
    this.tips.clear();
  }

  /** Closes the overlay; pending deferred tasks are dropped (docs/specification/shell.md §4). */
  hide(): void {
    this.show = false;
    this.onHide();
  }

  /** Set by the root store: what hiding the overlay clears. */
  onHide: () => void = () => {};

  setMode(mode: SignInMode): void {
    this.mode = mode;
    this.tips.clear();
  }

  /** Signs in; true on success. A second submit while one runs is ignored. */
  async signInByMail(email: string, password: string): Promise<boolean> {
    if (this.submitting) return false;
    if (!email.trim() || !password) {
      this.tips.show(this.env.t('signIn.required'));
      return false;
    }
    runInAction(() => (this.submitting = true));
    try {
      await this.account.signIn(email.trim(), password);
      return true;
    } catch (error) {
      this.tips.show(this.failureMessage(error));
      return false;
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }

  /** Asks for a reset mail; a failure is silent (docs/specification/shell.md §8). */
  async requestReset(email: string): Promise<boolean> {
    if (this.submitting) return false;
    if (!email.trim()) {
      this.tips.show(this.env.t('reset.required'));
      return false;
    }
    if (!isValidEmail(email)) {
      this.tips.show(this.env.t('reset.invalid'));
      return false;
    }
    runInAction(() => (this.submitting = true));
    try {
      await this.account.requestPasswordReset(email.trim());
      this.tips.show(this.env.t('reset.sent'));
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }

  /** docs/specification/shell.md §8: timeout, 400, 401, anything else with its status and first message. */
  failureMessage(error: unknown): string {
    const { t } = this.env;
    if (!(error instanceof ApiRequestError)) return t('signIn.failed', { status: 0, message: String(error) });
    if (error.timedOut) return t('signIn.timeout');
    if (error.status === 400) return t('signIn.inactive');
    if (error.status === 401) return t('signIn.wrong');
    // Too many failures: the seed's form (status and message), the message saying how long to wait in
    // the reader's language (the server says it in English seconds).
    const wait = error.status === 429 ? throttledSeconds(error.message) : null;
    const message = wait === null ? error.message : t('signIn.throttled', { minutes: Math.max(1, Math.ceil(wait / 60)) });
    return t('signIn.failed', { status: error.status, message });
  }
}

/** The wait a throttled answer names (`Expected available in 840 seconds.`, DRF's words), or null. */
export function throttledSeconds(message: string): number | null {
  const seconds = /available in (\d+) seconds?/.exec(message)?.[1];
  return seconds === undefined ? null : Number(seconds);
}
