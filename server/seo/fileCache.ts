import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DB } from '../db/schema';

const gzip = promisify(zlib.gzip);

/** A generated file as it is kept: the text and its gzip, made once. */
export interface KeptFile {
  body: Buffer;
  gzip: Buffer;
  /** A strong tag of the text, made once (express would hash the body at every answer). */
  etag: string;
}

interface Entry extends KeptFile {
  builtAt: number;
  /** The content-change log's last id when it was built (server/content/changes.ts). */
  mark: number;
}

/**
 * Sitemap files and feeds, each built once and kept (docs/decisions/055): a file of 50,000 lines
 * costs a few hundred milliseconds to write and compress, and crawlers ask for it again and again.
 * A kept file is used for `minAgeMs` whatever happens (on a busy site something is written every
 * second: a comment, a favourite), then while nothing was written to the content-change log since
 * it was built (one indexed lookup, shared by every process and machine on the database), and for
 * at most `maxAgeMs`, which covers what changes with no write at all (a membership lapsing) and
 * matches the `max-age` the files are sent with. Builds of one file at a time are shared.
 */
export class SeoFileCache {
  private readonly files: LRUCache<string, Entry>;
  private readonly building = new Map<string, Promise<KeptFile | null>>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: { minAgeMs: number; maxAgeMs: number; now: () => number; maxBytes?: number },
  ) {
    this.files = new LRUCache<string, Entry>({ maxSize: options.maxBytes ?? 64 * 1024 * 1024, sizeCalculation: (e) => e.body.length + e.gzip.length + 1 });
  }

  /** The kept file under `key`, or the one `build` makes now (null: there is no such file, and nothing is kept). */
  async get(key: string, build: () => Promise<string | null>): Promise<KeptFile | null> {
    const kept = this.files.get(key);
    const age = kept ? this.options.now() - kept.builtAt : Infinity;
    if (kept && age < this.options.minAgeMs) return kept;
    const mark = await this.lastChange();
    if (kept && kept.mark === mark && age < this.options.maxAgeMs) return kept;
    const pending = this.building.get(key);
    if (pending) return pending;
    const made = this.make(key, mark, build).finally(() => this.building.delete(key));
    this.building.set(key, made);
    return made;
  }

  private async make(key: string, mark: number, build: () => Promise<string | null>): Promise<KeptFile | null> {
    const builtAt = this.options.now();
    const text = await build();
    if (text === null) {
      this.files.delete(key);
      return null;
    }
    const body = Buffer.from(text);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const entry: Entry = { body, gzip: await gzip(body), etag, builtAt, mark };
    this.files.set(key, entry);
    return entry;
  }

  private async lastChange(): Promise<number> {
    const { rows } = await sql<{ last: number | null }>`select max(id) as last from content_changes`.execute(this.db);
    return Number(rows[0]?.last ?? 0);
  }
}
