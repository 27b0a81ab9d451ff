import { describe, expect, it } from 'vitest';
import { MINI_PROGRAM_PAGES } from './miniProgramPages';

describe('mini program pages (docs/specification/content-and-commerce.md §2)', () => {
  it('names the comment and column pages with their query, encoded', () => {
    expect(MINI_PROGRAM_PAGES.comment('west-lake-in-the-rain')).toBe('/pages/comment/comment?slug=west-lake-in-the-rain');
    expect(MINI_PROGRAM_PAGES.column('linqiao')).toBe('/pages/column/column?username=linqiao');
    expect(MINI_PROGRAM_PAGES.column('a&b=c')).toBe('/pages/column/column?username=a%26b%3Dc');
  });
});
