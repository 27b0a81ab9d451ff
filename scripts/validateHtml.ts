// `npm run validate:html`: starts the built server on a fresh demo database (with the additions of
// tests/support/standardsPages.ts), fetches the server-rendered HTML of every page there, signed out
// and in, in English and Chinese, and runs the Nu Html Checker (vnu-jar, which needs Java) over it.
// Prints each error with its page and exits 1 on any; without Java it says so and exits 0.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { migrate, openDatabase } from '../server/db/connection';
import { seedDemo } from '../server/startup/seed/demo';
import { READERS, STANDARDS_VIEWS, prepareStandardsSite, viewUrl, type Reader, type StandardsView } from '../tests/support/standardsPages';
import { startServer } from './runningServer';

const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
/** A browser's HTML, not a crawler's: readers get lazy images, for one. */
const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36';

const vnuReport = z.object({
  messages: z.array(
    z.object({
      type: z.string(),
      subType: z.string().optional(),
      url: z.string().optional(),
      lastLine: z.number().optional(),
      message: z.string(),
      extract: z.string().optional(),
    }),
  ),
});

type Page = Pick<StandardsView, 'path' | 'status' | 'reader' | 'locale'>;

function hasJava(): boolean {
  return spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
}

/** The pages' HTML is the same at every width: each page, reader and locale once. */
function pagesToFetch(): Page[] {
  const seen = new Map<string, Page>();
  for (const { path: pagePath, status, reader, locale } of STANDARDS_VIEWS)
    seen.set(`${pagePath} ${reader} ${locale}`, { path: pagePath, status, reader, locale });
  return [...seen.values()];
}

/** The session cookies of a reader signed in through the API, as the sign-in form does it. */
async function signIn(origin: string, reader: Exclude<Reader, 'anonymous'>): Promise<string> {
  const first = await fetch(`${origin}/`);
  const csrf = /csrftoken=([^;]+)/.exec(first.headers.getSetCookie().join('; '))?.[1] ?? '';
  const res = await fetch(`${origin}/api/accounts/login/cookies/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRFToken': csrf, Cookie: `csrftoken=${csrf}` },
    body: JSON.stringify(READERS[reader]),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${READERS[reader].email} answered ${res.status}`);
  return [`csrftoken=${csrf}`, ...res.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
}

async function prepareDatabase(dataDir: string): Promise<void> {
  const database = openDatabase({ dataDir });
  try {
    await migrate(database);
    await seedDemo(database.db, Date.now);
    await prepareStandardsSite(database.db, Date.now());
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  if (!hasJava()) {
    console.log('validate:html skipped: the Nu Html Checker needs Java (`java -version` failed); install a JRE 11 or later to run it.');
    return 0;
  }
  const started = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-validate-'));
  const htmlDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-validate-html-'));
  await prepareDatabase(dataDir);
  const server = await startServer(dataDir);
  const files = new Map<string, Page>();
  const wrongStatus: string[] = [];
  try {
    const cookies = new Map<Reader, string>([['anonymous', '']]);
    for (const page of pagesToFetch()) {
      if (!cookies.has(page.reader) && page.reader !== 'anonymous') cookies.set(page.reader, await signIn(server.origin, page.reader));
      const res = await fetch(viewUrl(server.origin, page), {
        headers: { Cookie: cookies.get(page.reader) ?? '', 'User-Agent': BROWSER_AGENT },
        redirect: 'manual',
      });
      if (res.status !== page.status) wrongStatus.push(`${page.path} (${page.locale}, ${page.reader}) answered ${res.status}, not ${page.status}`);
      const file = path.join(htmlDir, `${String(files.size).padStart(3, '0')}.html`);
      fs.writeFileSync(file, await res.text());
      files.set(file, page);
    }
  } finally {
    await server.stop();
  }

  const run = spawnSync('java', ['-jar', VNU_JAR, '--format', 'json', '--stdout', '--errors-only', ...files.keys()], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.error) throw run.error;
  const { messages } = vnuReport.parse(JSON.parse(run.stdout));
  const errors = messages.filter((m) => m.type === 'error' || m.type === 'non-document-error');
  for (const [file, page] of files) {
    const own = errors.filter((m) => m.url !== undefined && new URL(m.url).pathname === file);
    if (own.length === 0) continue;
    console.log(`\n${page.path} (${page.locale}, ${page.reader}): ${own.length} error${own.length === 1 ? '' : 's'}`);
    for (const m of own) console.log(`  line ${m.lastLine ?? '?'}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\s+/g, ' ').trim()}` : ''}`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  for (const line of wrongStatus) console.log(`\n${line}`);
  console.log(`\nNu Html Checker: ${errors.length} error${errors.length === 1 ? '' : 's'} on ${files.size} pages (${seconds} s).`);
  fs.rmSync(htmlDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  return errors.length === 0 && wrongStatus.length === 0 ? 0 : 1;
}

process.exitCode = await main();
