import { action, makeObservable, observableRef } from 'mobx';

/** docs/specification/content-and-commerce.md §9: a tip shows 3 s; an error tip 6 s. */
export const TIP_TIMEOUT_MS = 3000;
export const ERROR_TIP_TIMEOUT_MS = 6000;

export type TipKind = 'info' | 'success' | 'error';

export interface Tip {
  id: number;
  text: string;
  kind: TipKind;
  /**
   * Milliseconds the tip stays. Zero or less: it stays until the next tip arrives, which
   * then removes it (0) or starts its clock with the positive value (below 0).
   */
  timeout: number;
  /** What the tip's action button does, e.g. open the member-upgrade prompt ('traffic_lack'). */
  action?: { label: string; run: () => void };
}

export interface TipInput {
  text: string;
  kind?: TipKind;
  /** Default: 3000 ms, or 6000 ms for an error. */
  timeout?: number;
  action?: Tip['action'];
}

/**
 * The queue of tips shown at the top of the editor (docs/specification/content-and-commerce.md §4): a new item defaults to
 * a 3000 ms timeout; the previous item, when its timeout is not positive, is removed (0)
 * or has its sign flipped so its clock starts now (below 0).
 */
export class TipsStore {
  items: Tip[] = [];
  private nextId = 1;
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();

  constructor() {
    makeObservable(this, { items: observableRef, push: action, remove: action, clear: action });
  }

  /** The newest tip, shown on top. */
  get top(): Tip | null {
    return this.items.at(-1) ?? null;
  }

  push(input: TipInput): number {
    const previous = this.items.at(-1);
    if (previous && previous.timeout <= 0) {
      if (previous.timeout === 0) this.remove(previous.id);
      else this.replace({ ...previous, timeout: -previous.timeout });
    }
    const kind = input.kind ?? 'info';
    const tip: Tip = {
      id: this.nextId++,
      text: input.text,
      kind,
      timeout: input.timeout ?? (kind === 'error' ? ERROR_TIP_TIMEOUT_MS : TIP_TIMEOUT_MS),
      action: input.action,
    };
    this.items = [...this.items, tip];
    this.schedule(tip);
    return tip.id;
  }

  remove(id: number): void {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
    this.items = this.items.filter((tip) => tip.id !== id);
  }

  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.items = [];
  }

  private replace(tip: Tip): void {
    this.items = this.items.map((item) => (item.id === tip.id ? tip : item));
    this.schedule(tip);
  }

  private schedule(tip: Tip): void {
    if (tip.timeout <= 0) return;
    this.timers.set(
      tip.id,
      setTimeout(() => this.remove(tip.id), tip.timeout),
    );
  }
}
