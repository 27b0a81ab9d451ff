import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { Cell, TableWriter } from '../sink';

/** Bytes gathered before they go to psql. */
const CHUNK = 4 << 20;

/** A cell in COPY's text format: `\N` for null, backslash escapes in texts. */
function copyCell(cell: Cell): string {
  if (cell === null) return '\\N';
  if (typeof cell === 'number') return String(cell);
  return /[\\\n\r\t]/.test(cell) ? cell.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t') : cell;
}

/**
 * `COPY table (columns) FROM STDIN` through a psql process of its own: the fastest way rows go into
 * PostgreSQL, and several tables can stream at once (orders and their ledger rows are made together).
 * Foreign keys are not checked (session_replication_role = replica: the generator writes consistent ids).
 */
export class CopyStream implements TableWriter {
  private readonly child: ChildProcess;
  private parts: string[] = [];
  private size = 0;
  private blocked = false;
  private readonly exited: Promise<void>;
  private stderr = '';

  constructor(url: string, table: string, columns: readonly string[]) {
    const copy = `copy "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) from stdin`;
    this.child = spawn('psql', [url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', copy], {
      stdio: ['pipe', 'ignore', 'pipe'],
      env: { ...process.env, PGOPTIONS: '-c session_replication_role=replica -c synchronous_commit=off' },
    });
    this.child.stderr?.on('data', (data: Buffer) => (this.stderr += data.toString()));
    this.exited = new Promise((resolve, reject) => {
      this.child.once('error', reject);
      this.child.once('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`COPY into ${table} failed (${String(code)}): ${this.stderr.slice(0, 2000)}`)),
      );
    });
    // A failure shows at finish; meanwhile writes to a dead pipe must not crash the process.
    this.child.stdin?.on('error', () => undefined);
    this.exited.catch(() => undefined);
  }

  row(cells: readonly Cell[]): void {
    let line = '';
    for (let i = 0; i < cells.length; i++) line += (i === 0 ? '' : '\t') + copyCell(cells[i] ?? null);
    line += '\n';
    this.parts.push(line);
    this.size += line.length;
    if (this.size >= CHUNK) this.send();
  }

  private send(): void {
    if (this.parts.length === 0) return;
    const ok = this.child.stdin?.write(this.parts.join('')) ?? false;
    this.parts = [];
    this.size = 0;
    if (!ok) this.blocked = true;
  }

  /** Sends what is gathered and waits while psql has more than it can take. */
  async drain(): Promise<void> {
    this.send();
    const stdin = this.child.stdin;
    if (this.blocked && stdin) {
      this.blocked = false;
      await Promise.race([once(stdin, 'drain'), this.exited]);
    }
  }

  async end(): Promise<void> {
    this.send();
    this.child.stdin?.end();
    await this.exited;
  }
}
