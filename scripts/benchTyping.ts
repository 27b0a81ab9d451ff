// `npm run bench:typing`: how fast the editor answers a key in a long article. Starts the
// built app in process (fresh in-memory database), opens /editor with a 10,000-word article
// in headless Chromium, types 200 characters at its end, and prints per-key latency: from
// the keydown's timestamp to the next animation frame (when the typed character can be
// painted), and the input handling time (keydown to the end of the input event's work).
// A benchmark, not a test: times vary with the machine (docs/design.md §7). BENCH_DIST=<dir> runs
// another copy of the build (<dir>/client), e.g. one that other work does not rebuild meanwhile.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeArticle } from '../tests/support/articles';
import { launchBrowser } from '../tests/support/browser';
import { startLiveServer } from '../tests/support/liveServer';
import { createPerson, PASSWORD } from '../tests/support/people';
import { loadManifest } from '../server/render/manifest';

const WORDS = 10_000;
const KEYS = 200;
const FRAME_MS = 1000 / 60;
/** Between keys, as a quick typist (~100 words a minute): each key is measured on its own. */
const KEY_GAP_MS = 60;

const WORD_LIST = 'the quiet lake held a grey morning light while boats drifted past old willows and a bell rang somewhere far'.split(' ');

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-bench-typing-'));
  const clientDir = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST, 'client') : undefined;
  const server = await startLiveServer(clientDir ? { config: { dataDir, clientDir }, deps: { manifest: loadManifest(clientDir) } } : { config: { dataDir } });
  const browser = await launchBrowser();
  try {
    const author = await createPerson(server.database, 'typist');
    const content = longArticle(WORDS);
    const id = await writeArticle(server.database, author.id, 'long-article', { title: 'A long article', visibility: 'private', content, word_count: WORDS });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en' });
    await context.request.get(`${server.origin}/`);
    const csrf = (await context.cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
    const login = await context.request.post(`${server.origin}/api/accounts/login/cookies/`, {
      headers: { 'X-CSRFToken': csrf },
      data: { email: 'typist@example.com', password: PASSWORD },
    });
    if (login.status() !== 200) throw new Error(`sign-in failed: ${login.status()}`);

    const page = await context.newPage();
    await page.goto(`${server.origin}/editor?article=${id}`);
    await page.waitForSelector('[data-editor-ready="true"]');
    await page.locator('.ProseMirror p').nth(100).waitFor();
    await page.waitForLoadState('networkidle');
    const paragraphs = await page.locator('.ProseMirror p').count();

    await page.locator('.ProseMirror').click();
    await page.keyboard.press('Control+End');
    await page.evaluate(installProbe);

    const text = typedText(KEYS);
    for (const char of text) {
      await page.keyboard.press(char === ' ' ? 'Space' : char);
      await page.waitForTimeout(KEY_GAP_MS);
    }
    await page.waitForTimeout(300);
    const samples = await page.evaluate(() => (window as unknown as { __typingSamples: { frame: number; input: number }[] }).__typingSamples);
    const typed = await page.locator('.ProseMirror').evaluate((element) => element.textContent?.endsWith('done') ?? false);

    report(samples, paragraphs, typed);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs in the page: per key, the keydown's timestamp to the next frame, and to the end of its input work. */
function installProbe(): void {
  const samples: { frame: number; input: number }[] = [];
  (window as unknown as { __typingSamples: typeof samples }).__typingSamples = samples;
  window.addEventListener(
    'keydown',
    (event) => {
      const start = event.timeStamp;
      const sample = { frame: 0, input: 0 };
      samples.push(sample);
      // The input event comes after keydown; its listeners (ProseMirror's) run before this
      // window listener, and a microtask later ProseMirror has read the DOM change.
      window.addEventListener('input', () => queueMicrotask(() => void (sample.input = performance.now() - start)), { once: true });
      requestAnimationFrame(() => {
        sample.frame = performance.now() - start;
      });
    },
    true,
  );
}

function report(samples: { frame: number; input: number }[], paragraphs: number, typed: boolean): void {
  const frames = samples.map((sample) => sample.frame).filter((value) => value > 0);
  const inputs = samples.map((sample) => sample.input).filter((value) => value > 0);
  const row = (name: string, values: number[]) => {
    const median = percentile(values, 0.5);
    const p95 = percentile(values, 0.95);
    const p99 = percentile(values, 0.99);
    const max = Math.max(...values);
    const verdict = p95 < FRAME_MS ? 'p95 under one frame' : median < FRAME_MS ? 'median under one frame, p95 over' : 'over one frame';
    const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
    return `${name.padEnd(26)} median ${ms(median)}   p95 ${ms(p95)}   p99 ${ms(p99)}   max ${ms(max)}   ${verdict}`;
  };
  console.log(
    `\nTyping in a ${WORDS.toLocaleString('en')}-word article (${paragraphs} paragraphs), ${samples.length} keys, ${os.cpus().length} cores, Chromium headless`,
  );
  console.log(row('keydown to next frame', frames));
  console.log(row('keydown to input handled', inputs));
  console.log(`one frame = ${FRAME_MS.toFixed(1)} ms; every key reached the document: ${typed ? 'yes' : 'NO'}\n`);
}

function percentile(values: number[], share: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

/** 200 characters of plain words, ending in 'done' so the run can check every key arrived. */
function typedText(length: number): string {
  let text = '';
  let i = 0;
  while (text.length < length - 5) text += `${WORD_LIST[i++ % WORD_LIST.length]} `;
  return `${text.slice(0, length - 5)} done`.slice(-length);
}

/** Paragraphs of 25 words, every tenth with a little formatting, as an author's long piece. */
function longArticle(words: number): string {
  const paragraphs: string[] = [];
  for (let n = 0; n * 25 < words; n++) {
    const list = Array.from({ length: 25 }, (_, i) => WORD_LIST[(n * 7 + i) % WORD_LIST.length]);
    const body = list.join(' ');
    paragraphs.push(
      n % 10 === 0
        ? `<h2>Part ${n / 10 + 1}</h2><p style="text-align: justify"><strong>${list[0]}</strong> <span style="color: #c0392b">${list.slice(1).join(' ')}</span></p>`
        : `<p style="text-align: justify">${body}.</p>`,
    );
  }
  return paragraphs.join('');
}

await main();
