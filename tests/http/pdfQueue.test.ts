import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/connection';
import type { PdfRenderer } from '../../server/pdf/chromiumRenderer';
import type { PdfExporter } from '../../server/pdf/pdfExporter';
import { writeArticle } from '../support/articles';
import { exporterWith, fakeRenderer } from '../support/pdfExporter';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { testDatabase, testEngine } from '../support/testDatabase';

// Several app processes on one database share one PDF export queue (docs/decisions/043).
// Each "process" here is a createApp() with its own exporter; on PostgreSQL each has its own pool.

const POLL_MS = 25;
/** exporterWith's job timeout is 30 s: a claim lapses after 45 s. */
const PAST_THE_LEASE_MS = 60_000;

const dirs: string[] = [];
const running: PdfExporter[] = [];
const pools: Database[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((exporter) => exporter.stop()));
});
afterAll(async () => {
  await Promise.all(pools.map((database) => database.close()));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-pdf-queue-'));
  dirs.push(dir);
  return dir;
}

/** A second connection to the same database, as another process has (SQLite in memory: the same one). */
function secondConnection(database: Database): Database {
  const url = process.env.TEST_DATABASE_URL;
  if (testEngine() !== 'postgres' || !url) return database;
  const other = openDatabase({ databaseUrl: url, dataDir: '', pgSchema: database.schema, poolSize: 3 });
  pools.push(other);
  return other;
}

/** A renderer that hangs until released: a process busy with a job, or one that died mid-render. */
function heldRenderer(): PdfRenderer & { calls: number; started: Promise<void>; release: () => void } {
  let release = () => {};
  let begin = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const started = new Promise<void>((resolve) => (begin = resolve));
  return {
    calls: 0,
    started,
    release,
    async render() {
      this.calls += 1;
      begin();
      await held;
      return Buffer.from('%PDF-1.4 late');
    },
    async close() {},
  };
}

/** One app process: its own exporter (a fake renderer, polling the shared queue) over `database`, PDFs in the shared `dir`. */
async function appProcess(database: Database, renderer: PdfRenderer, dir: string, options: { now?: () => number; workerId: string; start?: boolean }) {
  const exporter = exporterWith(database, renderer, dir, { pollMs: POLL_MS, now: options.now, workerId: options.workerId });
  running.push(exporter);
  if (options.start !== false) await exporter.start();
  const { app } = await testApp({ config: { dataDir: dir }, deps: { database, pdfExporter: exporter } });
  return { app, exporter };
}

async function signedIn(app: Express, username: string): Promise<Visitor> {
  const visitor = new Visitor(app);
  expect((await visitor.signIn(`${username}@example.com`, PASSWORD)).status).toBe(200);
  return visitor;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the PDF export queue shared by several processes', async () => {
  const database = await testDatabase();
  const other = secondConnection(database);
  const row = (articleId: number) =>
    database.db
      .selectFrom('pdf_exports')
      .select(['id', 'status', 'error', 'file', 'claimed_by', 'attempts'])
      .where('article_id', '=', articleId)
      .orderBy('id')
      .execute();
  const pdfFiles = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.pdf')) : []);

  it('renders and counts an export once when two processes are asked for it at the same time', async () => {
    const dir = freshDir();
    const first = fakeRenderer();
    const second = fakeRenderer();
    const a = await appProcess(database, first, dir, { workerId: 'a' });
    const b = await appProcess(other, second, dir, { workerId: 'b' });
    const fay = await createPerson(database, 'fay');
    const article = await writeArticle(database, fay.id, 'fay-notes');
    const onA = await signedIn(a.app, 'fay');
    const onB = await signedIn(b.app, 'fay');

    const answers = await Promise.all([onA, onB, onA, onB, onA, onB].map((visitor) => visitor.get(`/api/pdfs/article/${article}/`)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await until('the export', async () => (await onB.get(`/api/pdfs/article/${article}/`)).body.status === 'success');

    expect(await row(article)).toHaveLength(1);
    expect(first.calls + second.calls).toBe(1);
    expect(pdfFiles(dir)).toHaveLength(1);
    for (const visitor of [onA, onB]) expect((await visitor.get('/api/pdfs/')).body).toMatchObject({ pdf_count: 1, remaining: 2 });
  });

  it('has another process render a job asked of a busy one, and leaves a live claim alone', async () => {
    const dir = freshDir();
    const busy = heldRenderer();
    const idle = fakeRenderer();
    const a = await appProcess(database, busy, dir, { workerId: 'a' });
    const gil = await createPerson(database, 'gil');
    const long = await writeArticle(database, gil.id, 'gil-long');
    const short = await writeArticle(database, gil.id, 'gil-short');
    const onA = await signedIn(a.app, 'gil');

    expect((await onA.get(`/api/pdfs/article/${long}/`)).status).toBe(200);
    await busy.started;
    await appProcess(other, idle, dir, { workerId: 'b' });
    expect((await onA.get(`/api/pdfs/article/${short}/`)).body.status).toBe('pending');
    await until('the second export', async () => (await onA.get(`/api/pdfs/article/${short}/`)).body.status === 'success');
    expect(await row(short)).toMatchObject([{ status: 'success', claimed_by: 'b', attempts: 1 }]);
    // Process a still renders its job, one at a time, and nobody took it from it.
    expect(await row(long)).toMatchObject([{ status: 'processing', claimed_by: 'a', attempts: 1 }]);
    expect(busy.calls).toBe(1);
    expect(idle.calls).toBe(1);

    busy.release();
    await until('the first export', async () => (await onA.get(`/api/pdfs/article/${long}/`)).body.status === 'success');
    expect(pdfFiles(dir)).toHaveLength(2);
    expect((await onA.get('/api/pdfs/')).body).toMatchObject({ pdf_count: 2 });
  });

  it('renders again, in another process, a job whose claim lapsed, and drops the dead renderer’s late file', async () => {
    const dir = freshDir();
    const dying = heldRenderer();
    const rescuer = fakeRenderer();
    const a = await appProcess(database, dying, dir, { workerId: 'a' });
    const hal = await createPerson(database, 'hal');
    const article = await writeArticle(database, hal.id, 'hal-notes');
    const onA = await signedIn(a.app, 'hal');
    expect((await onA.get(`/api/pdfs/article/${article}/`)).status).toBe(200);
    await dying.started;

    // Process b's clock is past the lease of a's claim: a's renderer is taken for dead.
    const b = await appProcess(other, rescuer, dir, { workerId: 'b', now: () => Date.now() + PAST_THE_LEASE_MS });
    const onB = await signedIn(b.app, 'hal');
    await until('the export', async () => (await onB.get(`/api/pdfs/article/${article}/`)).body.status === 'success');
    expect(rescuer.calls).toBe(1);
    const [done] = await row(article);
    expect(done).toMatchObject({ status: 'success', claimed_by: 'b', attempts: 2 });
    expect(pdfFiles(dir)).toEqual([done?.file]);

    // Process a comes back with its result: the job is no longer its own, so its file goes.
    dying.release();
    await a.exporter.idle();
    expect(await row(article)).toEqual([done]);
    expect(pdfFiles(dir)).toEqual([done?.file]);
    expect((await onB.get('/api/pdfs/')).body).toMatchObject({ pdf_count: 1 });
  });

  it('gives each of many waiting jobs to exactly one of several processes claiming at once', async () => {
    const dir = freshDir();
    const jo = await createPerson(database, 'jo');
    const article = await writeArticle(database, jo.id, 'jo-notes');
    const now = Date.now();
    const jobs = Array.from({ length: 24 }, (_, i) => ({
      article_id: article,
      user_id: jo.id,
      article_version: now + i,
      status: 'pending' as const,
      created_at: now,
      started_at: null,
      finished_at: null,
    }));
    await database.db.insertInto('pdf_exports').values(jobs).execute();
    const renderers = [0, 1, 2, 3].map(() => fakeRenderer());
    const exporters = renderers.map((renderer, i) => {
      const exporter = exporterWith(i % 2 ? other : database, renderer, dir, { pollMs: POLL_MS, workerId: `w${i}` });
      running.push(exporter);
      return exporter;
    });
    await Promise.all(exporters.map((exporter) => exporter.start()));
    await until('every job', async () => (await row(article)).every((job) => job.status === 'success'));
    expect(renderers.reduce((sum, renderer) => sum + renderer.calls, 0)).toBe(jobs.length);
    expect((await row(article)).map((job) => job.attempts)).toEqual(jobs.map(() => 1));
  });

  it('fails a job whose claims lapsed too often instead of rendering it again', async () => {
    const dir = freshDir();
    const ivy = await createPerson(database, 'ivy');
    const article = await writeArticle(database, ivy.id, 'ivy-notes');
    const now = Date.now();
    await database.db
      .insertInto('pdf_exports')
      .values({
        article_id: article,
        user_id: ivy.id,
        article_version: now,
        status: 'processing',
        created_at: now - PAST_THE_LEASE_MS * 2,
        started_at: now - PAST_THE_LEASE_MS * 2,
        finished_at: null,
        claimed_by: 'gone',
        claimed_at: now - PAST_THE_LEASE_MS,
        attempts: 2,
      })
      .execute();
    const renderer = fakeRenderer();
    const b = await appProcess(other, renderer, dir, { workerId: 'b' });
    await b.exporter.idle();
    expect(await row(article)).toMatchObject([{ status: 'failed', error: 'interrupted', attempts: 2 }]);
    expect(renderer.calls).toBe(0);
  });
});
