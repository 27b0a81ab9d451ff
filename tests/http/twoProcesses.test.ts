import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStreamReader } from '../support/eventStream';
import { pngOf } from '../support/images';
import { startS3StandIn, type S3StandIn } from '../support/s3StandIn';
import { createTestSchema, testEngine } from '../support/testDatabase';

// Two built servers (docs/decisions/048), each its own process, port and
// DATA_DIR, on one PostgreSQL schema and one S3 stand-in, share what decisions 042, 043, 046, 047 say.

const PASSWORD = 'zine-demo-2026';
const SLUG = 'west-lake-in-the-rain';
const TIMEOUT = 60_000;

interface RunningServer {
  origin: string;
  dataDir: string;
  exit: Promise<number | null>;
  stop: () => void;
  output: () => string;
}

interface SignedIn {
  cookie: string;
  csrf: string;
}

/** Servers not yet exited: a failed test must not leave one running. */
const started = new Set<RunningServer>();

afterAll(async () => {
  for (const server of started) server.stop();
  await Promise.all([...started].map((server) => server.exit));
});

// SQLite is one file on one machine: several processes on it are the cluster test's (decision 048).
describe.runIf(testEngine() === 'postgres')('two app processes on one PostgreSQL database and one bucket', { timeout: TIMEOUT }, () => {
  // Started in the hook, not while collecting: a skipped suite (SQLite) still collects its body.
  let ready: Promise<World> | undefined;
  const world = () => (ready ??= startWorld());
  beforeAll(async () => {
    await world();
  }, TIMEOUT);
  afterAll(async () => {
    // A failed start is the hook's to report.
    await (await ready?.catch(() => undefined))?.s3.close();
  });

  it('counts a rate limit across both: what A let through, B refuses', async () => {
    const { a, b } = await world();
    // Password resets: 5 an hour from one address, whichever process is asked.
    const ask = (origin: string) => post(origin, '/api/accounts/reset_password/', { email: 'nobody@zine.local' }, undefined, '10.9.9.9');
    for (const origin of [a.origin, a.origin, a.origin, b.origin, b.origin]) expect((await ask(origin)).status).toBe(200);
    const refused = await ask(b.origin);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ detail: 'Request was throttled. Expected available in 3600 seconds.' });
    expect((await ask(a.origin)).status).toBe(429);
    // Another address is counted apart.
    expect((await post(b.origin, '/api/accounts/reset_password/', { email: 'nobody@zine.local' }, undefined, '10.9.9.10')).status).toBe(200);
  });

  it('serves from B an upload made through A, from the bucket', async () => {
    const { a, b, s3, author, article } = await world();
    const png = await pngOf(400, 300);
    const key = `${randomBytes(16).toString('hex')}_hd.png`;
    const ticket = await fetch(`${a.origin}/api/attachments/qiniu/token/?article_id=${article.id}`, { headers: { Cookie: author.cookie } });
    expect(ticket.status).toBe(200);
    const { token } = (await ticket.json()) as { token: string };
    const form = new FormData();
    form.set('token', token);
    form.set('key', key);
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), key);
    const uploaded = await fetch(`${a.origin}/media/upload/`, { method: 'POST', body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    expect(s3.object(key)?.bytes.equals(png)).toBe(true);
    expect(fs.existsSync(path.join(a.dataDir, 'media', key))).toBe(false);

    const served = await fetch(`${b.origin}/media/${key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    const resized = await fetch(`${b.origin}/media/${key}?imageView2/2/w/320/q/89/format/webp`);
    expect(resized.status).toBe(200);
    expect(resized.headers.get('content-type')).toBe('image/webp');
  });

  it('renders a PDF export asked of both at once only once', async () => {
    const { a, b, s3, author, authorOnB, article, databaseUrl } = await world();
    const status = async (server: RunningServer, as: SignedIn) => {
      const res = await fetch(`${server.origin}/api/pdfs/article/${article.id}/`, { headers: { Cookie: as.cookie } });
      expect(res.status).toBe(200);
      return (await res.json()) as { status: string; url?: string };
    };
    const asked = await Promise.all([status(a, author), status(b, authorOnB)]);
    for (const answer of asked) expect(['pending', 'processing']).toContain(answer.status);
    // A real Chromium prints: seconds, more on a loaded machine.
    await expect.poll(async () => (await status(b, authorOnB)).status, { timeout: 50_000, interval: 250 }).toBe('success');
    expect((await status(a, author)).status).toBe('success');
    expect(s3.keys().filter((k) => k.startsWith('pdfs/'))).toHaveLength(1);
    expect(await exportRows(databaseUrl, article.id)).toBe(1);
    for (const [server, as] of [
      [a, author],
      [b, authorOnB],
    ] as const) {
      const quota = await fetch(`${server.origin}/api/pdfs/`, { headers: { Cookie: as.cookie } });
      expect(await quota.json()).toMatchObject({ pdf_count: 1 });
    }
    const file = await fetch(`${a.origin}/api/pdfs/article/${article.id}/file/`, { headers: { Cookie: author.cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it("shows a like made through A in the author's notification stream on B within a second or two", async () => {
    const { a, b, authorOnB } = await world();
    const reader = await signIn(a.origin, 'reader@zine.local', '10.0.0.3');
    const abort = new AbortController();
    const response = await fetch(`${b.origin}/api/notification/stream/`, {
      headers: { Accept: 'text/event-stream', Cookie: authorOnB.cookie },
      signal: abort.signal,
    });
    const stream = new EventStreamReader(response, abort);
    try {
      await stream.next('count', 5000);
      const liked = Date.now();
      expect((await post(a.origin, '/api/columns/thumbsup/', { article_slug: SLUG }, reader)).status).toBe(200);
      const event = await stream.next('notification', 2000);
      expect(Date.now() - liked).toBeLessThan(2000);
      expect(event.data).toMatchObject({ notification: { payload: { type: 'thumbsup' } } });
    } finally {
      stream.close();
    }
  });

  it('shows on B an edit the author saves through A, though B had the page cached', async () => {
    const { a, b, author, article } = await world();
    const page = () => fetch(`${b.origin}/article/${SLUG}/`);
    await page();
    // A like above may still be clearing the page: read until it is cached again.
    await expect.poll(async () => (await page()).headers.get('x-cache'), { timeout: 5000, interval: 100 }).toBe('hit');
    const title = `West Lake, revised ${Date.now()}`;
    const saved = await fetch(`${a.origin}/api/articles/${article.id}/`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: author.cookie, 'X-CSRFToken': author.csrf },
      body: JSON.stringify({ title }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const fresh = await page();
    expect(fresh.headers.get('x-cache')).toBe('miss');
    expect(await fresh.text()).toContain(title);
  });
});

interface World {
  s3: S3StandIn;
  databaseUrl: string;
  a: RunningServer;
  b: RunningServer;
  /** The demo author signed in on A, and on B. */
  author: SignedIn;
  authorOnB: SignedIn;
  article: { id: number };
}

/** The bucket, the schema, server A (which migrates and seeds the empty schema), then server B. */
async function startWorld(): Promise<World> {
  const s3 = await startS3StandIn();
  const databaseUrl = await freshSchemaUrl();
  const bucket = s3.config();
  const env = {
    DATABASE_URL: databaseUrl,
    S3_ENDPOINT: bucket.endpoint ?? '',
    S3_BUCKET: bucket.bucket,
    S3_ACCESS_KEY_ID: bucket.accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
    S3_FORCE_PATH_STYLE: '1',
  };
  const a = await startServer(env);
  const b = await startServer(env);
  expect(a.output()).toContain('loaded the demo content');
  expect(b.output()).not.toContain('loaded the demo content');
  // Each sign-in from an address of its own: the limit of the first test is not spent by the others.
  const author = await signIn(a.origin, 'demo@zine.local', '10.0.0.1');
  const authorOnB = await signIn(b.origin, 'demo@zine.local', '10.0.0.2');
  const article = (await (await fetch(`${a.origin}/api/article/${SLUG}/`)).json()) as { id: number };
  return { s3, databaseUrl, a, b, author, authorOnB, article };
}

/** A schema of this run (the global teardown drops it), named in the URL both servers are given. */
async function freshSchemaUrl(): Promise<string> {
  const { url, schema } = await createTestSchema();
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return withSchema.toString();
}

/** The built server, one process (WEB_CONCURRENCY=1) on a free port, once it says it listens. */
function startServer(env: Record<string, string>): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-two-'));
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      WEB_CONCURRENCY: '1',
      PUBLIC_ORIGIN: '',
      PAYMENTS_SANDBOX: '',
      PDF_EXPORT: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let running: RunningServer | undefined;
  const exit = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      if (running) started.delete(running);
      resolve(code);
    }),
  );
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /"port":(\d+).*is listening/.exec(output)?.[1];
      if (port && !running) {
        running = { origin: `http://127.0.0.1:${port}`, dataDir, exit, stop: () => child.kill('SIGTERM'), output: () => output };
        started.add(running);
        resolve(running);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', () => reject(new Error(`server exited early: ${output}`)));
  });
}

/** Signs in as a browser would (the CSRF cookie first), from `address` as the loopback proxy says. */
async function signIn(origin: string, email: string, address: string): Promise<SignedIn> {
  const csrf = await csrfToken(origin);
  const res = await post(origin, '/api/accounts/login/cookies/', { email, password: PASSWORD }, { cookie: '', csrf }, address);
  expect(res.status).toBe(200);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  return { cookie: [`csrftoken=${csrf}`, ...cookies].join('; '), csrf };
}

async function csrfToken(origin: string): Promise<string> {
  const page = await fetch(`${origin}/`);
  await page.arrayBuffer();
  return /csrftoken=([^;]+)/.exec(page.headers.getSetCookie().join('; '))?.[1] ?? '';
}

async function post(origin: string, pathname: string, body: unknown, as?: SignedIn, address?: string): Promise<Response> {
  const csrf = as?.csrf ?? (await csrfToken(origin));
  // A signed-in cookie header carries its CSRF cookie already.
  const cookie = as?.cookie ? as.cookie : `csrftoken=${csrf}`;
  return fetch(`${origin}${pathname}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Cookie: cookie,
      'X-CSRFToken': csrf,
      ...(address ? { 'X-Forwarded-For': address } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function exportRows(databaseUrl: string, articleId: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pdf_exports where article_id = $1', [articleId]);
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}
