import { describe, expect, it } from 'vitest';
import { isIndexable, PAGE_NAMES, pageChain, pageFacts } from '../../client/routing/pageModules';
import { disallowPattern, robotsTxt } from './robots';

/** Whether a robots.txt `Disallow` pattern (`*` any run of characters, prefix match) covers a path. */
function disallowed(robots: string, path: string): boolean {
  return robots
    .split('\n')
    .filter((line) => line.startsWith('Disallow: '))
    .map((line) => line.slice('Disallow: '.length))
    .some((pattern) => new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}`).test(path));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A path of the page with its params filled in. */
function samplePath(name: (typeof PAGE_NAMES)[number]): string {
  const path = pageChain(name)
    .map((page) => pageFacts(page).path)
    .filter(Boolean)
    .join('/')
    .replace(/:\w+\??/g, 'x');
  return `/${path}/`;
}

describe('robots.txt', () => {
  const robots = robotsTxt('https://zine.example', true);

  it('keeps crawlers out of every guarded page (client/routing/pageModules.ts)', () => {
    const guarded = PAGE_NAMES.filter((name) => (pageFacts(name).guards ?? []).length > 0);
    expect(guarded.length).toBeGreaterThan(3);
    for (const name of guarded) expect(disallowed(robots, samplePath(name)), name).toBe(true);
  });

  it('lists each declared pattern once, which covers its own page, a page never indexed', () => {
    const declaring = PAGE_NAMES.filter((name) => pageFacts(name).disallow !== undefined);
    expect(declaring.length).toBeGreaterThan(5);
    for (const name of declaring) {
      const pattern = disallowPattern(name) ?? '';
      expect(
        robots.split('\n').filter((line) => line === `Disallow: ${pattern}`),
        name,
      ).toHaveLength(1);
      expect(disallowed(`Disallow: ${pattern}`, samplePath(name)), name).toBe(true);
      expect(isIndexable(name), name).toBe(false);
    }
  });

  it('lets them into the reader pages', () => {
    for (const name of PAGE_NAMES.filter((page) => pageFacts(page).reader)) expect(disallowed(robots, samplePath(name)), name).toBe(false);
    expect(robots).toContain('Sitemap: https://zine.example/sitemap.xml');
  });
});
