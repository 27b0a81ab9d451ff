import { action, observable, observableRef } from 'mobx';
import { makeStoreObservable } from './observable';
import type { NavigationErrorInfo } from '../../shared/navigationError';
import { samePage, type PageMeta } from '../../shared/seoMeta';

/** The thin progress line at the top of every page (docs/specification/shell.md §4). */
export type ProgressState = 'idle' | 'start' | 'finish' | 'error';

export interface UiSnapshot {
  /** What a loader said about its page (title, description, canonical path, JSON-LD...). */
  pageMeta: PageMeta | null;
  /** The line as the server left it (red when one of its calls failed), so hydration matches. */
  progress: ProgressState;
  lastErrorMessage: string | null;
}

export class UiStore {
  progress: ProgressState;
  pageMeta: PageMeta | null;
  /** The first field's message of the last failed API call. */
  lastErrorMessage: string | null;
  /** The error of the last navigation (docs/specification/shell.md §4), cleared by the next one. */
  navigationError: NavigationErrorInfo | null = null;

  constructor(snapshot?: Partial<UiSnapshot>) {
    this.pageMeta = snapshot?.pageMeta ?? null;
    this.progress = snapshot?.progress ?? 'idle';
    this.lastErrorMessage = snapshot?.lastErrorMessage ?? null;
    makeStoreObservable(this, {
      progress: observable,
      pageMeta: observableRef,
      lastErrorMessage: observable,
      navigationError: observable,
      failNavigation: action,
      startProgress: action,
      finishProgress: action,
      failProgress: action,
      setPageMeta: action,
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

  /** A loader describes its page; the meta is tied to `meta.path`, so no other page shows it. */
  setPageMeta(meta: PageMeta): void {
    this.pageMeta = meta;
  }

  /** The meta set for the page at `pathname`, if its loader set one. */
  metaFor(pathname: string): PageMeta | null {
    return this.pageMeta && samePage(this.pageMeta.path, pathname) ? this.pageMeta : null;
  }

  toJSON(): UiSnapshot {
    return { pageMeta: this.pageMeta, progress: this.progress, lastErrorMessage: this.lastErrorMessage };
  }
}
