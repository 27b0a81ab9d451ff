import { browserStorage, readProductState, updateProductState } from './productState';

/** An action that needed an account, kept until the reader signs in (docs/specification/shell.md §4). */
export type DeferredTask =
  | { kind: 'like'; slug: string }
  | { kind: 'favorite'; slug: string }
  | { kind: 'follow'; username: string }
  | { kind: 'comment'; slug: string; text: string; parent: number | null }
  | { kind: 'rate-booklet'; slug: string; rating: number; review: string }
  | { kind: 'buy-booklet'; slug: string }
  /** A membership plan's Buy on /member at the price it shows (`amount`, '58.00'); `label` is what the payment panel names (in the reader's language). */
  | { kind: 'buy-membership'; identity: string; amount: string; label: string; price?: string };

/** A task older than this is dropped unrun: nobody expects a like or a comment of long ago to land now. */
export const DEFERRED_TASK_TTL_MS = 10 * 60_000;

/** A task with where and when it was asked for. */
export interface KeptTask {
  task: DeferredTask;
  /** The path of the page it belongs to: it runs only there. */
  page: string;
  at: number;
}

/**
 * The queue of deferred tasks, persisted in localStorage (nothing is kept on the server side),
 * so a sign-in that reloads the page (the chat app's) or passes through `/sign/in/` still finds
 * them. A task runs only on its own page and only within DEFERRED_TASK_TTL_MS.
 */
export class DeferredTasks {
  private memory: unknown[] = [];

  add(task: DeferredTask, page: string, now: number): void {
    const kept = this.read().filter((k) => JSON.stringify(k.task) !== JSON.stringify(task));
    this.write([...kept, { task, page, at: now }]);
  }

  /** Hands over the tasks of this page that are still fresh; forgets them and the stale ones, keeps other pages'. */
  takeFor(page: string, now: number): DeferredTask[] {
    const fresh = this.read().filter((k) => now - k.at <= DEFERRED_TASK_TTL_MS && k.at <= now);
    this.write(fresh.filter((k) => k.page !== page));
    return fresh.filter((k) => k.page === page).map((k) => k.task);
  }

  clear(): void {
    this.write([]);
  }

  private read(): KeptTask[] {
    const storage = browserStorage();
    const stored = storage ? (readProductState(storage).deferredTasks ?? []) : this.memory;
    // Tasks kept before they carried a page and a time (bare tasks) are of no known page: dropped.
    return (Array.isArray(stored) ? stored : []).filter(isKeptTask);
  }

  private write(tasks: KeptTask[]): void {
    const storage = browserStorage();
    if (storage) updateProductState(storage, { deferredTasks: tasks });
    else this.memory = tasks;
  }
}

function isKeptTask(value: unknown): value is KeptTask {
  if (typeof value !== 'object' || value === null) return false;
  const kept = value as Partial<KeptTask>;
  return (
    typeof kept.page === 'string' &&
    typeof kept.at === 'number' &&
    typeof kept.task === 'object' &&
    kept.task !== null &&
    typeof kept.task.kind === 'string' &&
    // A purchase kept before it carried the price shown has none to send: dropped.
    (kept.task.kind !== 'buy-membership' || typeof kept.task.amount === 'string')
  );
}
