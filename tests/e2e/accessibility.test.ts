import { createRequire } from 'node:module';
import type Axe from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInBrowser } from '../support/browser';
import { demoSite } from '../support/demoSite';
import { READERS, STANDARDS_VIEWS, describeView, prepareStandardsSite, viewUrl, type Reader, type StandardsView } from '../support/standardsPages';

// axe-core's default rules (WCAG 2.0, 2.1 and 2.2 A and AA, and its best practices) over every page
// type of tests/support/standardsPages.ts, in one browser on one server.
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const site = demoSite((server) => prepareStandardsSite(server.database.db, Date.now()));

interface Violation {
  id: string;
  impact: string | null;
  targets: string[];
}

/** The violations axe-core (added to every page of the context) finds in the page as it stands. */
async function axeViolations(page: Page): Promise<Violation[]> {
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({ id: v.id, impact: v.impact ?? null, targets: v.nodes.map((n) => n.target.map(String).join(' ')) }));
  });
}

/** Waits until the page is what a reader sees: hydrated, the editor mounted. */
async function settled(page: Page, view: StandardsView): Promise<void> {
  await page.waitForSelector('html[data-hydrated="true"]');
  if (view.path === '/editor') await page.waitForSelector('.ze-root:not(.ze-skeleton)');
}

/** A reader's browser at a width, signed in as them, with axe-core added to its pages (CSP bypassed for that). */
async function openContext(reader: Reader, width: number): Promise<BrowserContext> {
  const context = await site.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  await context.addInitScript({ path: AXE_SCRIPT });
  if (reader !== 'anonymous') await signInBrowser(context, site.server.origin, READERS[reader].email, READERS[reader].password);
  return context;
}

/** How many readers' browsers check pages at once. */
const AT_ONCE = 2;

describe('axe-core in Chromium', () => {
  it(`finds no violation on ${STANDARDS_VIEWS.length} page views`, { timeout: 90_000 }, async () => {
    // The views by reader and width: each such browser opens its pages one after another in one tab.
    const groups = new Map<string, StandardsView[]>();
    for (const view of STANDARDS_VIEWS) {
      const key = `${view.reader} ${view.width}`;
      groups.set(key, [...(groups.get(key) ?? []), view]);
    }
    const queue = [...groups.values()];
    const found: string[] = [];
    const check = async (): Promise<void> => {
      for (let views = queue.shift(); views?.[0]; views = queue.shift()) {
        const context = await openContext(views[0].reader, views[0].width);
        const page = await context.newPage();
        for (const view of views) {
          // The page as soon as it has hydrated: its images need not have loaded.
          const response = await page.goto(viewUrl(site.server.origin, view), { waitUntil: 'domcontentloaded' });
          if (response?.status() !== view.status) found.push(`status ${response?.status()} on ${describeView(view)}`);
          await settled(page, view);
          for (const v of await axeViolations(page)) {
            found.push(`${v.id} (${v.impact ?? 'no impact'}) on ${describeView(view)}: ${v.targets.join(', ')}`);
          }
        }
        await context.close();
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, check));
    expect(found).toEqual([]);
  });
});
