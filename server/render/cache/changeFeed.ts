import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * How far back a sweep looks again: on PostgreSQL ids are taken at insert and become
 * visible at commit, so a slow transaction can show up below ids already read.
 */
const OVERLAP = 200;

/**
 * The reader of the content-change log (`server/content/changes.ts`): every process
 * applies every row once, whichever process wrote it.
 */
export class ChangeFeed {
  private lastSeen = -1;
  /** The last id before this process began: older rows concern no page it holds. */
  private floor = 0;
  private readonly seen = new Set<number>();
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  /** The rows after an id, built once: every cache hit waits for this query. */
  private readonly rowsAfter: CompiledQuery<{ id: number; key: string }>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly apply: (keys: string[]) => void,
  ) {
    this.rowsAfter = db.selectFrom('content_changes').select(['id', 'key']).where('id', '>', 0).orderBy('id').compile();
  }

  /**
   * Resolves after a check of the log that started after this call, so a change
   * committed before a request arrived is applied before it is answered. Requests
   * arriving in the same turn of the event loop share one query (a cache hit's
   * query was a third of its CPU when each made its own).
   */
  fresh(): Promise<void> {
    this.next ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        void (this.running ?? Promise.resolve())
          .catch(() => undefined)
          .then(() => {
            // Whoever calls from now on needs a check that starts later than this one.
            this.next = null;
            const check = this.check().finally(() => {
              if (this.running === check) this.running = null;
            });
            this.running = check;
            check.then(resolve, reject);
          });
      });
    });
    return this.next;
  }

  /** Looks again at the last rows, for writes that committed after later ids were read. */
  async sweep(): Promise<void> {
    if (this.lastSeen < 0) return;
    const rows = await this.db
      .selectFrom('content_changes')
      .select(['id', 'key'])
      .where('id', '>', Math.max(this.floor, this.lastSeen - OVERLAP))
      .execute();
    this.take(rows);
    for (const id of this.seen) if (id <= this.lastSeen - OVERLAP) this.seen.delete(id);
  }

  /** Deletes rows every process has had time to read. */
  async prune(before: number): Promise<void> {
    if (this.lastSeen < 0) return;
    await this.db
      .deleteFrom('content_changes')
      .where('id', '<=', this.lastSeen - OVERLAP)
      .where('created_at', '<', before)
      .execute();
  }

  private async check(): Promise<void> {
    if (this.lastSeen < 0) {
      // Nothing is cached yet: only what changes from now on matters.
      const row = await sql<{ last: number | null }>`select max(id) as last from content_changes`.execute(this.db);
      this.lastSeen = Number(row.rows[0]?.last ?? 0);
      this.floor = this.lastSeen;
      return;
    }
    const { rows } = await this.db.executeQuery<{ id: number; key: string }>({ ...this.rowsAfter, parameters: [this.lastSeen] });
    this.take(rows);
  }

  private take(rows: { id: number; key: string }[]): void {
    const keys: string[] = [];
    for (const row of rows) {
      const id = Number(row.id);
      if (this.seen.has(id)) continue;
      this.seen.add(id);
      keys.push(row.key);
      if (id > this.lastSeen) this.lastSeen = id;
    }
    if (keys.length > 0) this.apply(keys);
  }
}
