/** An action that needed an account, kept until the reader signs in (seed 000 §4). */
export type DeferredTask =
  | { kind: 'like'; slug: string }
  | { kind: 'favorite'; slug: string }
  | { kind: 'follow'; username: string }
  | { kind: 'comment'; slug: string; text: string; parent: number | null }
  | { kind: 'rate-booklet'; slug: string; rating: number; review: string }
  | { kind: 'buy-booklet'; slug: string }
  /** A membership plan's Buy on /member; `label` is what the payment panel names (in the reader's language). */
  | { kind: 'buy-membership'; identity: string; label: string };

/** The product state key under which browser storage keeps what must survive a reload. */
export const PRODUCT_STATE_KEY = 'zine:state';

interface ProductState {
  deferredTasks?: DeferredTask[];
}

/** The queue of deferred tasks, persisted in localStorage (nothing is kept on the server side). */
export class DeferredTasks {
  private memory: DeferredTask[] = [];

  add(task: DeferredTask): void {
    const tasks = this.read().filter((t) => JSON.stringify(t) !== JSON.stringify(task));
    this.write([...tasks, task]);
  }

  /** Hands over every pending task and forgets them. */
  takeAll(): DeferredTask[] {
    const tasks = this.read();
    this.write([]);
    return tasks;
  }

  clear(): void {
    this.write([]);
  }

  private read(): DeferredTask[] {
    if (typeof window === 'undefined') return this.memory;
    try {
      const state = JSON.parse(window.localStorage.getItem(PRODUCT_STATE_KEY) ?? '{}') as ProductState;
      return Array.isArray(state.deferredTasks) ? state.deferredTasks : [];
    } catch {
      return [];
    }
  }

  private write(tasks: DeferredTask[]): void {
    if (typeof window === 'undefined') {
      this.memory = tasks;
      return;
    }
    let state: ProductState = {};
    try {
      state = JSON.parse(window.localStorage.getItem(PRODUCT_STATE_KEY) ?? '{}') as ProductState;
    } catch {
      state = {};
    }
    window.localStorage.setItem(PRODUCT_STATE_KEY, JSON.stringify({ ...state, deferredTasks: tasks }));
  }
}
