import fs from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { writeArticle } from '../support/articles';
import { exporterWith, fakeRenderer } from '../support/pdfExporter';
import { pdfContents } from '../support/pdfText';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

// PDF export of an article, rendered by headless Chromium in the background.

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-pdf-'));
  dataDirs.push(dir);
  return dir;
}

async function signedIn(app: Express | Server, username: string): Promise<Visitor> {
  const visitor = new Visitor(app);
  const res = await visitor.signIn(`${username}@example.com`, PASSWORD);
  expect(res.status).toBe(200);
  return visitor;
}

/** Asks for the export every 250 ms until it is finished (success or failed). */
async function exportUntilDone(visitor: Visitor, articleId: number, timeoutMs = 60_000): Promise<{ status: string; url?: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await visitor.get(`/api/pdfs/article/${articleId}/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as { status: string; url?: string };
    expect(['pending', 'processing', 'success', 'failed']).toContain(body.status);
    if (body.status === 'success' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`export still ${body.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function binary(res: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

async function download(visitor: Visitor, url: string) {
  return visitor.agent.get(url).buffer(true).parse(binary);
}

// A real Chromium launches and prints here: a loaded machine takes longer than the default 5 s (a hang guard, not a time budget).
describe('PDF export with Chromium', { timeout: 60_000 }, async () => {
  const dataDir = freshDataDir();
  const { app: express, database } = await testApp({ config: { dataDir } });
  // A server that stays up: the export fetches the page's fonts and images from the address the request came in on.
  const app = express.listen(0, '127.0.0.1');
  afterAll(() => app.close());
  const ann = await createPerson(database, 'ann');
  await createPerson(database, 'ben');
  const plain = await writeArticle(database, ann.id, 'rain-notes', {
    title: 'Rain Notes in Spring',
    content: '<p>The first paragraph of the rain notes.</p><script>alert(1)</script>',
    theme: 'theme-1',
    visibility: 'private',
  });
  const cjk = await writeArticle(database, ann.id, 'chun-yu', {
    title: '春天的雨',
    content: '<p>好雨知时节，当春乃发生。</p>',
    language: 'zh-CN',
  });

  it('renders a real PDF with the title in the background, and serves it as a download to its author', async () => {
    const ann = await signedIn(app, 'ann');
    const first = await ann.get(`/api/pdfs/article/${plain}/`);
    expect(first.status).toBe(200);
    expect(['pending', 'processing']).toContain(first.body.status);

    const done = await exportUntilDone(ann, plain);
    expect(done).toEqual({ status: 'success', url: `/api/pdfs/article/${plain}/file/` });

    const file = await download(ann, `/api/pdfs/article/${plain}/file/`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="Rain Notes in Spring.pdf"');
    const bytes = file.body as Buffer;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
    // Chromium writes the document's title into the PDF's information.
    expect(bytes.toString('latin1')).toContain('Rain Notes in Spring');
    expect(fs.readdirSync(path.join(dataDir, 'pdfs')).filter((name) => name.endsWith('.pdf'))).toHaveLength(1);

    // The same version again: the same file, not counted twice.
    expect((await ann.get(`/api/pdfs/article/${plain}/`)).body.status).toBe('success');
    expect((await ann.get('/api/pdfs/')).body).toEqual({ pdf_limit: 3, pdf_count: 1, remaining: 2, available: true });
  });

  it('embeds a Noto CJK font for a Chinese article, and names the file after its title', async () => {
    const ann = await signedIn(app, 'ann');
    expect((await exportUntilDone(ann, cjk)).status).toBe('success');
    const file = await download(ann, `/api/pdfs/article/${cjk}/file/`);
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('春天的雨.pdf')}`);
    const bytes = file.body as Buffer;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The glyphs come from the self-hosted Noto Serif SC, whatever fonts the machine has.
    const { text, fonts } = await pdfContents(bytes);
    // NFKC: Chromium's text map names some shared glyphs by their Kangxi radical (⾬ for 雨), as viewers' search folds.
    expect(text.normalize('NFKC').replace(/\s+/g, '')).toContain('春天的雨');
    expect(
      fonts.some((name) => /NotoSerifSC/.test(name)),
      fonts.join(),
    ).toBe(true);
  });

  it('starts a new export once the article changed, and counts it', async () => {
    const ann = await signedIn(app, 'ann');
    await database.db
      .updateTable('articles')
      .set({ client_modify_date: Date.now() + 1000, title: 'Rain Notes, revised' })
      .where('id', '=', plain)
      .execute();
    const res = await ann.get(`/api/pdfs/article/${plain}/`);
    expect(['pending', 'processing']).toContain(res.body.status);
    expect((await exportUntilDone(ann, plain)).status).toBe('success');
    const file = await download(ann, `/api/pdfs/article/${plain}/file/`);
    expect(file.headers['content-disposition']).toBe('attachment; filename="Rain Notes, revised.pdf"');
    expect((await ann.get('/api/pdfs/')).body).toMatchObject({ pdf_count: 3, remaining: 0 });
    // Only the newest PDF of an article is kept: the Chinese article's and the revised one.
    expect(fs.readdirSync(path.join(dataDir, 'pdfs')).filter((name) => name.endsWith('.pdf'))).toHaveLength(2);
  });

  it('makes the PDF anew when its file is gone, without counting the lost one', async () => {
    const ann = await signedIn(app, 'ann');
    for (const name of fs.readdirSync(path.join(dataDir, 'pdfs'))) fs.rmSync(path.join(dataDir, 'pdfs', name));
    await database.db
      .updateTable('users')
      .set({ membership_tier: 'premium', membership_expires_at: Date.now() + 86_400_000 })
      .where('username', '=', 'ann')
      .execute();
    const again = await ann.get(`/api/pdfs/article/${cjk}/`);
    expect(['pending', 'processing']).toContain(again.body.status);
    expect((await exportUntilDone(ann, cjk)).status).toBe('success');
    expect((await download(ann, `/api/pdfs/article/${cjk}/file/`)).status).toBe(200);
    expect((await ann.get('/api/pdfs/')).body).toMatchObject({ pdf_limit: 30, pdf_count: 3 });
    await database.db.updateTable('users').set({ membership_tier: null, membership_expires_at: null }).where('username', '=', 'ann').execute();
  });

  it('tells another author nothing: 404 for the export and the file, and nothing started', async () => {
    const ben = await signedIn(app, 'ben');
    const before = await database.db.selectFrom('pdf_exports').select('id').execute();
    expect((await ben.get(`/api/pdfs/article/${plain}/`)).status).toBe(404);
    const file = await ben.get(`/api/pdfs/article/${plain}/file/`);
    expect(file.status).toBe(404);
    expect(file.body).toEqual({ detail: 'Not found.' });
    expect(await database.db.selectFrom('pdf_exports').select('id').execute()).toHaveLength(before.length);
    expect((await ben.get('/api/pdfs/')).body).toEqual({ pdf_limit: 3, pdf_count: 0, remaining: 3, available: true });
  });

  it('answers 404 for ids that are not articles', async () => {
    const ann = await signedIn(app, 'ann');
    for (const id of ['0', '-1', 'abc', '99999999', '1e0', '0x1', '%201', '9'.repeat(30), '%3Cscript%3E']) {
      const res = await ann.get(`/api/pdfs/article/${id}/`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ detail: 'Not found.' });
    }
  });

  it('asks a signed-out caller to sign in', async () => {
    for (const url of ['/api/pdfs/', `/api/pdfs/article/${plain}/`, `/api/pdfs/article/${plain}/file/`]) {
      const res = await request(app).get(url);
      expect(res.status, url).toBe(403);
      expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
  });
});

describe('PDF limits and failures', async () => {
  const dataDir = freshDataDir();
  // Only its database is used: no Chromium queue of its own polls it beside the test's exporters.
  const base = await testApp({ config: { dataDir, pdfExport: false } });
  const renderer = fakeRenderer();
  const exporter = exporterWith(base.database, renderer, path.join(dataDir, 'pdfs'));
  const { app, database } = await testApp({ config: { dataDir }, deps: { database: base.database, pdfExporter: exporter } });
  const cy = await createPerson(database, 'cy');
  const articles: number[] = [];
  for (let i = 0; i < 5; i += 1) articles.push(await writeArticle(database, cy.id, `cy-${i}`));
  const at = (i: number) => articles[i] ?? 0;

  it('refuses a fourth export in the month with 403 pdf_limit, and starts nothing', async () => {
    const cy = await signedIn(app, 'cy');
    for (let i = 0; i < 3; i += 1) expect((await exportUntilDone(cy, at(i))).status).toBe('success');
    const refused = await cy.get(`/api/pdfs/article/${at(3)}/`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'pdf_limit' });
    expect(await database.db.selectFrom('pdf_exports').select('id').where('article_id', '=', at(3)).execute()).toHaveLength(0);
    expect((await cy.get('/api/pdfs/')).body).toEqual({ pdf_limit: 3, pdf_count: 3, remaining: 0, available: true });
    // What is already made stays reachable.
    expect((await cy.get(`/api/pdfs/article/${at(0)}/`)).body.status).toBe('success');
  });

  it('raises the limit with a paid tier, and falls back when it expires', async () => {
    const cy = await signedIn(app, 'cy');
    await database.db
      .updateTable('users')
      .set({ membership_tier: 'vip', membership_expires_at: Date.now() + 86_400_000 })
      .where('username', '=', 'cy')
      .execute();
    expect((await cy.get('/api/pdfs/')).body).toMatchObject({ pdf_limit: 100, remaining: 97 });
    expect((await exportUntilDone(cy, at(3))).status).toBe('success');
    await database.db
      .updateTable('users')
      .set({ membership_expires_at: Date.now() - 1000 })
      .where('username', '=', 'cy')
      .execute();
    expect((await cy.get('/api/pdfs/')).body).toEqual({ pdf_limit: 3, pdf_count: 4, remaining: 0, available: true });
    expect((await cy.get(`/api/pdfs/article/${at(4)}/`)).status).toBe(403);
  });

  it('counts only this month’s exports', async () => {
    const cy = await signedIn(app, 'cy');
    const lastMonth = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1) - 1000;
    await database.db
      .updateTable('pdf_exports')
      .set({ created_at: lastMonth })
      .where('user_id', '=', (await database.db.selectFrom('users').select('id').where('username', '=', 'cy').executeTakeFirstOrThrow()).id)
      .execute();
    expect((await cy.get('/api/pdfs/')).body).toMatchObject({ pdf_count: 0, remaining: 3 });
  });

  it('reports a failure once, does not count it, and starts again on the next call', async () => {
    const failing = exporterWith(database, fakeRenderer(true), path.join(dataDir, 'pdfs'));
    const { app: failingApp } = await testApp({ config: { dataDir }, deps: { database, pdfExporter: failing } });
    const cy = await signedIn(failingApp, 'cy');
    const countBefore = (await cy.get('/api/pdfs/')).body.pdf_count as number;
    expect(await exportUntilDone(cy, at(4))).toEqual({ status: 'failed' });
    const row = await database.db.selectFrom('pdf_exports').selectAll().where('article_id', '=', at(4)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', error: 'the renderer broke', failure_reported: 1 });
    expect((await cy.get('/api/pdfs/')).body.pdf_count).toBe(countBefore);
    expect(['pending', 'processing', 'failed']).toContain((await cy.get(`/api/pdfs/article/${at(4)}/`)).body.status);
    expect(await database.db.selectFrom('pdf_exports').select('id').where('article_id', '=', at(4)).execute()).toHaveLength(2);
  });

  it('starts one export when the same article is asked for at once, and never passes the limit', async () => {
    const cy = await signedIn(app, 'cy');
    const cyId = (await database.db.selectFrom('users').select('id').where('username', '=', 'cy').executeTakeFirstOrThrow()).id;
    await database.db.deleteFrom('pdf_exports').where('user_id', '=', cyId).execute();
    const answers = await Promise.all(Array.from({ length: 6 }, () => cy.get(`/api/pdfs/article/${at(0)}/`)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await database.db.selectFrom('pdf_exports').select('id').where('article_id', '=', at(0)).execute()).toHaveLength(1);
    // Five articles at once against a limit of 3 (one already used): two more start, the rest are refused.
    const racing = await Promise.all([1, 2, 3, 4].map((i) => cy.get(`/api/pdfs/article/${at(i)}/`)));
    expect(racing.filter((res) => res.status === 200)).toHaveLength(2);
    expect(racing.filter((res) => res.status === 403)).toHaveLength(2);
    await exporter.idle();
    expect((await cy.get('/api/pdfs/')).body).toMatchObject({ pdf_count: 3, remaining: 0 });
  });

  it('has no file to serve before an export succeeded', async () => {
    const cy = await signedIn(app, 'cy');
    // Which of the racing articles above got their export is the race's: take one that did not.
    const exported = await database.db.selectFrom('pdf_exports').select('article_id').where('status', '=', 'success').execute();
    const never = articles.find((id) => !exported.some((row) => row.article_id === id));
    expect(never).toBeDefined();
    const res = await cy.get(`/api/pdfs/article/${never ?? 0}/file/`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });
});

describe('PDF export after a crash', async () => {
  const dataDir = freshDataDir();
  // Only its database is used: no Chromium queue of its own polls it beside the test's exporters.
  const { database } = await testApp({ config: { dataDir, pdfExport: false } });
  const dee = await createPerson(database, 'dee');
  const article = await writeArticle(database, dee.id, 'dee-notes');
  const now = Date.now();
  const insert = (status: 'pending' | 'processing', startedAt: number | null) =>
    database.db
      .insertInto('pdf_exports')
      .values({ article_id: article, user_id: dee.id, article_version: now, status, created_at: now - 120_000, started_at: startedAt, finished_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('renders pending exports again at start and fails those a dead worker held', async () => {
    const pending = await insert('pending', null);
    const lost = await insert('processing', now - 120_000);
    const exporter = exporterWith(database, fakeRenderer(), path.join(dataDir, 'pdfs'));
    await exporter.recover();
    await exporter.idle();
    const rows = await database.db.selectFrom('pdf_exports').select(['id', 'status', 'error']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: pending.id, status: 'success', error: '' },
      { id: lost.id, status: 'failed', error: 'interrupted' },
    ]);
  });

  it('fails pending exports at start when this server cannot render', async () => {
    const pending = await insert('pending', null);
    await exporterWith(database, null, path.join(dataDir, 'pdfs')).recover();
    const row = await database.db.selectFrom('pdf_exports').select(['status', 'error']).where('id', '=', pending.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', error: 'unavailable' });
  });
});

describe('PDF export turned off (PDF_EXPORT=0)', async () => {
  const { app, database } = await testApp({ config: { dataDir: freshDataDir(), pdfExport: false } });
  const eve = await createPerson(database, 'eve');
  const article = await writeArticle(database, eve.id, 'eve-notes');

  it('says plainly that export is unavailable, and starts nothing', async () => {
    const eve = await signedIn(app, 'eve');
    expect((await eve.get('/api/pdfs/')).body).toEqual({ pdf_limit: 3, pdf_count: 0, remaining: 3, available: false });
    const res = await eve.get(`/api/pdfs/article/${article}/`);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ detail: 'PDF export is unavailable on this server.' });
    expect(await database.db.selectFrom('pdf_exports').select('id').execute()).toHaveLength(0);
  });
});
