import { action, makeObservable, observable } from 'mobx';
import type { NavigationErrorInfo } from '../../shared/navigationError';

/** The thin progress line at the top of every page (seed 000 §4). */
export type ProgressState = 'idle' | 'start' | 'finish' | 'error';

export interface UiSnapshot {
  /** A title a loader chose for the document (an article's own title, say). */
  pageTitle: string | null;
  /** The line as the server left it (red when one of its calls failed), so hydration matches. */
  progress: ProgressState;
  lastErrorMessage: string | null;
}

export class UiStore {
  progress: ProgressState;
  pageTitle: string | null;
  /** The first field's message of the last failed API call. */
  lastErrorMessage: string | null;
  /** The error of the last navigation (seed 000 §4), cleared by the next one. */
  navigationError: NavigationErrorInfo | null = null;

  constructor(snapshot?: Partial<UiSnapshot>) {
    this.pageTitle = snapshot?.pageTitle ?? null;
    this.progress = snapshot?.progress ?? 'idle';
    this.lastErrorMessage = snapshot?.lastErrorMessage ?? null;
    makeObservable(this, {
      progress: observable,
      pageTitle: observable,
      lastErrorMessage: observable,
      navigationError: observable,
      failNavigation: action,
      startProgress: action,
      finishProgress: action,
      failProgress: action,
      setPageTitle: action,
    });
  }

  startProgress(): void {
    this.progress = 'start';
    this.navigationError = null;
  }

  /** A navigation error sets the error state with its status and message, and the line turns red. */
  failNavigation(error: NavigationErrorInfo): void {
    this.navigationError = error;
    this.progress = 'error';
  }

  finishProgress(): void {
    if (this.progress !== 'error') this.progress = 'finish';
  }

  failProgress(message?: string): void {
    this.progress = 'error';
    if (message) this.lastErrorMessage = message;
  }

  setPageTitle(title: string | null): void {
    this.pageTitle = title;
  }

  toJSON(): UiSnapshot {
    return { pageTitle: this.pageTitle, progress: this.progress, lastErrorMessage: this.lastErrorMessage };
  }
}
