import { describe, expect, it } from 'vitest';
import { PAGE_NAMES, pageFacts } from './pageModules';
import { READER_PAGES } from './readerPages';

describe('the pages in the entry', () => {
  it('are exactly the pages declared `reader`, each with its own module', async () => {
    const declared = PAGE_NAMES.filter((name) => pageFacts(name).reader === true);
    expect(Object.keys(READER_PAGES).sort()).toEqual([...declared].sort());
    for (const name of declared) expect(READER_PAGES[name]?.default, name).toBe((await pageFacts(name).module()).default);
  });
});
