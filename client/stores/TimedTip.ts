import { action, observable } from 'mobx';
import { makeStoreObservable } from './observable';
import { TIP_DURATION_MS } from '../../shared/constants';

/** docs/specification/shell.md §4 and §9: a form's tip shows for 2 s; a new one replaces it and starts the clock again. */
export class TimedTip {
  text: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor() {
    makeStoreObservable(this, { text: observable, show: action, clear: action });
  }

  show(text: string): void {
    this.text = text;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.clear(), TIP_DURATION_MS);
  }

  clear(): void {
    this.text = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
