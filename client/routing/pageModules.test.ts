import { describe, expect, it } from 'vitest';
import { isIndexable, PAGES, pageFacts, type PageName } from './pageModules';

const names = Object.keys(PAGES) as PageName[];

describe('the page declarations', () => {
  it('never index a guarded page', () => {
    for (const name of names) if ((pageFacts(name).guards ?? []).length > 0) expect(isIndexable(name), name).toBe(false);
    expect(isIndexable('profile-orders')).toBe(false);
    expect(isIndexable('article')).toBe(true);
  });
});
