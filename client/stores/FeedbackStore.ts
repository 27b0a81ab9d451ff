import { action, computed, observable, runInAction } from 'mobx';
import { makeStoreObservable } from './observable';
import { emailSuggestions, feedbackMessage, trafficFigures, type FeedbackEnvironment } from '../../shared/feedback';
import { contactApi } from '../api/contact';
import { trafficApi } from '../api/traffic';
import type { TrafficQuota } from '../../shared/traffic';
import { ApiRequestError, type ApiClient } from '../api/client';
import type { AccountStore } from './AccountStore';
import type { EnvStore } from './EnvStore';
import { TimedTip } from './TimedTip';

/** What the browser says about itself; a function so tests and the server can stand in. */
export type EnvironmentProbe = () => Pick<FeedbackEnvironment, 'platform' | 'userAgent' | 'screen'>;

/** The feedback popup (docs/specification/shell.md §2, §5, §7, §8): fields, suggestions, validation, sending. */
export class FeedbackStore {
  show = false;
  email = '';
  content = '';
  submitting = false;
  /** A message shown for 2 s. */
  /** The form's passing message (docs/specification/shell.md §4). */
  readonly tips = new TimedTip();

  constructor(
    private readonly api: ApiClient,
    private readonly account: AccountStore,
    private readonly env: EnvStore,
    /** docs/specification/shell.md §8 shows the outcome as an alert. */
    private readonly alert: (text: string) => void,
    private readonly probe: EnvironmentProbe,
  ) {
    makeStoreObservable(this, {
      show: observable,
      email: observable,
      content: observable,
      submitting: observable,
      suggestions: computed,
      filled: computed,
      open: action,
      close: action,
      setEmail: action,
      setContent: action,
    });
  }

  /** Opens the popup with the account's address filled in when there is one. */
  open(): void {
    this.show = true;
    if (!this.email) this.email = this.account.info.email ?? '';
    this.tips.clear();
  }

  close(): void {
    this.show = false;
  }

  setEmail(email: string): void {
    this.email = email;
  }

  setContent(content: string): void {
    this.content = content;
  }

  get suggestions(): string[] {
    return emailSuggestions(this.email);
  }

  /** The submit button is dimmed until both fields hold something. */
  get filled(): boolean {
    return this.email.trim() !== '' && this.content.trim() !== '';
  }

  /**
   * The environment sent with the message; a signed-in writer's traffic comes from the
   * meter (docs/decisions/019), and if it cannot be read the message still goes.
   */
  async environment(): Promise<FeedbackEnvironment> {
    const role = this.account.info.role ?? (this.account.signedIn ? 'user' : 'anonymous');
    const meter = role === 'anonymous' ? null : await this.trafficMeter();
    return { ...this.probe(), role, ...trafficFigures(role, meter) };
  }

  private async trafficMeter(): Promise<TrafficQuota | null> {
    try {
      const meter = await trafficApi.current(this.api);
      return Number.isFinite(meter.bytes_used) && Number.isFinite(meter.bytes_limit) ? meter : null;
    } catch {
      return null;
    }
  }

  /** Validates and sends; a second submit while one runs is ignored. True when the message was taken. */
  async submit(): Promise<boolean> {
    if (this.submitting) return false;
    if (!this.email.trim()) {
      this.tips.show(this.env.t('feedback.emailRequired'));
      return false;
    }
    if (!this.content.trim()) {
      this.tips.show(this.env.t('feedback.contentRequired'));
      return false;
    }
    runInAction(() => (this.submitting = true));
    try {
      await contactApi.send(this.api, this.email.trim(), feedbackMessage(this.content, await this.environment()));
      runInAction(() => {
        this.content = '';
        this.show = false;
      });
      this.alert(this.env.t('feedback.sent'));
      return true;
    } catch (error) {
      this.alert(this.env.t('feedback.failed', { status: error instanceof ApiRequestError ? error.status : 0 }));
      return false;
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }
}

/** The probe in a browser. */
export function browserEnvironment(): ReturnType<EnvironmentProbe> {
  if (typeof window === 'undefined') return { platform: 'server', userAgent: '', screen: '' };
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform || navigator.platform || 'unknown';
  return { platform, userAgent: navigator.userAgent, screen: `${window.screen.width}x${window.screen.height}` };
}
