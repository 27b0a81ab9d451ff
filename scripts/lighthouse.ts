// `npm run lighthouse`: starts the built server on a fresh demo database and runs Lighthouse 12
// in its default mode (a mobile phone, simulated slow 4G and a 4x slower CPU) on the home page,
// a published demo article and that article's author's column, in the packaged Chromium. Prints
// each page's four category scores with LCP, TBT and CLS, the audits that cost a category points,
// and exits 1 when a page misses the budgets below.
// `--runs 3`: each page three times, the median run (by performance score, then LCP) reported.
// `--json FILE`: the figures as JSON as well.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import { chromium, type Browser } from 'playwright-core';
import { columnPath } from '../shared/column';
import type { ArticleSummary, Page } from '../shared/entities';
import { articlePath } from '../shared/seoMeta';
import { chromiumExecutable } from '../server/pdf/chromiumExecutable';
import { CHROMIUM_ARGS } from '../server/pdf/chromiumRenderer';
import { freePort, startServer } from './runningServer';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

/** Lighthouse's default phone (what its mobile emulation sends): the warm-up request asks for the same page. */
const MOBILE_AGENT = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';

/** Scores out of 100; the metrics in milliseconds, CLS unitless. */
const BUDGET = {
  performance: 97,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  lcpMs: 2000,
  tbtMs: 50,
  cls: 0,
};

/** Audits that never cost points: they are listed by Lighthouse but not scored. */
const UNSCORED = new Set(['informative', 'manual', 'notApplicable']);

interface Target {
  name: string;
  path: string;
}

interface FailingAudit {
  category: Category;
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  /** A few of the elements, resources or messages it names. */
  items: string[];
}

interface Figures extends Target {
  url: string;
  /** Out of 100; null: the category could not be scored. */
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** The budgets this page misses. */
  misses: string[];
  failingAudits: FailingAudit[];
  runtimeError?: string;
  warnings: string[];
}

function parseArgs(argv: readonly string[]): { runs: number; json: string | null } {
  let runs = 1;
  let json: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--runs' && value !== undefined) {
      runs = Number(value);
      i++;
    } else if (arg === '--json' && value !== undefined) {
      json = value;
      i++;
    } else {
      throw new Error(`usage: tsx scripts/lighthouse.ts [--runs N] [--json FILE] (unknown argument ${arg ?? ''})`);
    }
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1');
  return { runs, json };
}

async function main(): Promise<number> {
  const { runs, json } = parseArgs(process.argv.slice(2));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-lighthouse-'));
  // The server seeds the demo content into a new database on its first start.
  const server = await startServer(dataDir);
  let browser: Browser | null = null;
  try {
    const targets = [{ name: 'home', path: '/' }, ...(await demoPages(server.origin))];
    const executable = await chromiumExecutable();
    const port = await freePort();
    browser = await chromium.launch({ executablePath: executable.path, headless: true, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
    console.log(
      `Lighthouse 12, mobile, simulated throttling; Chromium ${browser.version()} (${executable.source}); ${runs} run${runs === 1 ? '' : 's'} a page`,
    );

    const pages: Figures[] = [];
    for (const target of targets) {
      const url = server.origin + target.path;
      // The first render of a page fills the server's render cache: readers after the first get that.
      await fetch(url, { headers: { 'User-Agent': MOBILE_AGENT } }).then((r) => r.arrayBuffer());
      const results: Result[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
        if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
        results.push(result.lhr);
      }
      const figures = figuresOf(target, url, medianRun(results));
      pages.push(figures);
      print(figures);
    }

    const failed = pages.filter((p) => p.misses.length > 0);
    console.log(failed.length === 0 ? '\nEvery page is within the budgets.' : `\nOver budget: ${failed.map((p) => p.name).join(', ')}`);
    if (json) {
      const report = { date: new Date().toISOString(), chromium: { ...executable, version: browser.version() }, runs, budget: BUDGET, pages };
      fs.writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
      console.log(`figures written to ${json}`);
    }
    return failed.length === 0 ? 0 : 1;
  } finally {
    await browser?.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A published demo article and its author's column, as the running server lists them. */
async function demoPages(origin: string): Promise<Target[]> {
  const res = await fetch(`${origin}/api/v2/articles/public/?page_size=1`);
  if (!res.ok) throw new Error(`GET /api/v2/articles/public/ answered ${res.status}`);
  const list = (await res.json()) as Page<ArticleSummary>;
  const article = list.results[0];
  if (!article) throw new Error('the demo database lists no public article');
  return [
    { name: 'article', path: articlePath(article.slug) },
    { name: 'column', path: article.author.column || columnPath(article.author.username) },
  ];
}

/** The run in the middle by performance score, then by LCP (the later, the worse). */
function medianRun(results: readonly Result[]): Result {
  const ranked = [...results].sort(
    (a, b) =>
      (b.categories.performance?.score ?? 0) - (a.categories.performance?.score ?? 0) ||
      (numeric(a, 'largest-contentful-paint') ?? 0) - (numeric(b, 'largest-contentful-paint') ?? 0),
  );
  const median = ranked[Math.floor(ranked.length / 2)];
  if (!median) throw new Error('no Lighthouse run to report');
  return median;
}

function numeric(lhr: Result, audit: string): number | null {
  return lhr.audits[audit]?.numericValue ?? null;
}

function figuresOf(target: Target, url: string, lhr: Result): Figures {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => {
      const score = lhr.categories[category]?.score;
      return [category, typeof score === 'number' ? Math.round(score * 100) : null];
    }),
  ) as Record<Category, number | null>;
  const lcpMs = numeric(lhr, 'largest-contentful-paint');
  const tbtMs = numeric(lhr, 'total-blocking-time');
  const cls = numeric(lhr, 'cumulative-layout-shift');

  const misses: string[] = [];
  for (const category of CATEGORIES) {
    const score = scores[category];
    const floor = BUDGET[category];
    if (score === null || score < floor) misses.push(`${category} ${score ?? 'not scored'} (budget ${floor === 100 ? '100' : `>= ${floor}`})`);
  }
  if (lcpMs === null || lcpMs >= BUDGET.lcpMs) misses.push(`LCP ${lcpMs === null ? 'not measured' : `${Math.round(lcpMs)} ms`} (budget < ${BUDGET.lcpMs} ms)`);
  if (tbtMs === null || tbtMs >= BUDGET.tbtMs) misses.push(`TBT ${tbtMs === null ? 'not measured' : `${Math.round(tbtMs)} ms`} (budget < ${BUDGET.tbtMs} ms)`);
  if (cls === null || cls > BUDGET.cls) misses.push(`CLS ${cls === null ? 'not measured' : formatCls(cls)} (budget ${BUDGET.cls})`);
  if (lhr.runtimeError) misses.push(`Lighthouse: ${lhr.runtimeError.code}`);

  const failingAudits: FailingAudit[] = [];
  for (const category of CATEGORIES) {
    const entry = lhr.categories[category];
    if (!entry || entry.score === 1) continue;
    for (const ref of entry.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || UNSCORED.has(audit.scoreDisplayMode)) continue;
      if (audit.score !== null && audit.score >= 1) continue;
      failingAudits.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        items: audit.errorMessage ? [audit.errorMessage] : itemsOf(audit.details),
      });
    }
  }
  return {
    ...target,
    url,
    scores,
    lcpMs,
    tbtMs,
    cls,
    misses,
    failingAudits,
    ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    warnings: lhr.runWarnings.map(String),
  };
}

/** Up to five of the things an audit's table or list names: an element's selector and markup, a URL, a message. */
function itemsOf(details: unknown, limit = 5): string[] {
  if (!isObject(details)) return [];
  if (details.type === 'list' && Array.isArray(details.items)) return details.items.flatMap((child: unknown) => itemsOf(child, limit)).slice(0, limit);
  if (!Array.isArray(details.items)) return [];
  const lines: string[] = [];
  for (const item of details.items as unknown[]) {
    if (lines.length >= limit) break;
    if (!isObject(item)) continue;
    const line = describe(item);
    if (line) lines.push(line);
  }
  return lines;
}

function describe(item: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(item)) {
    if (key === 'debugData') continue;
    if (isObject(value)) {
      if (value.type === 'node') {
        parts.push([value.selector, value.snippet].filter((s): s is string => typeof s === 'string' && s !== '').join(' '));
      } else if (value.type === 'source-location' && typeof value.url === 'string') {
        parts.push(`${value.url}:${typeof value.line === 'number' ? value.line : '?'}`);
      } else if (key === 'subItems' && Array.isArray(value.items)) {
        const sub = (value.items as unknown[]).filter(isObject).map(describe).filter(Boolean).slice(0, 3);
        if (sub.length > 0) parts.push(`[${sub.join('; ')}]`);
      } else if (typeof value.text === 'string') {
        parts.push(value.text);
      }
    } else if (typeof value === 'string' && value !== '') {
      parts.push(key === 'url' || key === 'source' || key === 'description' || key === 'issueType' ? value : `${key}: ${value}`);
    } else if (typeof value === 'number' && /bytes|ms|time|savings/i.test(key)) {
      parts.push(`${key}: ${Math.round(value)}`);
    }
  }
  const line = parts.join(' | ').replace(/\s+/g, ' ');
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function formatCls(cls: number): string {
  return cls === 0 ? '0' : cls < 0.001 ? cls.toExponential(1) : cls.toFixed(3);
}

function print(page: Figures): void {
  const score = (category: Category) => `${category} ${page.scores[category] ?? '-'}`;
  const ms = (value: number | null) => (value === null ? '-' : `${Math.round(value)} ms`);
  console.log(`\n${page.name}  ${page.url}`);
  console.log(`  ${CATEGORIES.map(score).join('  ')}`);
  console.log(`  LCP ${ms(page.lcpMs)}  TBT ${ms(page.tbtMs)}  CLS ${page.cls === null ? '-' : formatCls(page.cls)}`);
  if (page.runtimeError) console.log(`  Lighthouse error: ${page.runtimeError}`);
  for (const warning of page.warnings) console.log(`  warning: ${warning}`);
  for (const miss of page.misses) console.log(`  OVER BUDGET  ${miss}`);
  for (const audit of page.failingAudits) {
    const score = audit.score === null ? 'error' : audit.score.toFixed(2);
    console.log(`  ${audit.category} · ${audit.id} (${score})${audit.displayValue ? ` ${audit.displayValue}` : ''}: ${audit.title}`);
    for (const item of audit.items) console.log(`      ${item}`);
  }
}

process.exitCode = await main();
