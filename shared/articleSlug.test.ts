import { describe, expect, it } from 'vitest';
import { ARTICLE_SLUG_PATTERN, slugFromTitle, TITLE_SLUG_MAX } from './articleSlug';

describe('slugFromTitle', () => {
  it('folds a Latin title to lower-case ASCII words joined by hyphens', () => {
    expect(slugFromTitle('  My First Article: Crème Brûlée & Straße! ')).toBe('my-first-article-creme-brulee-strasse');
  });

  it('keeps a Chinese title as it reads, punctuation turned to hyphens', () => {
    expect(slugFromTitle('我的第一篇文章')).toBe('我的第一篇文章');
    expect(slugFromTitle('《小王子》读后感，第2篇')).toBe('小王子-读后感-第2篇');
  });

  it('gives nothing for a title of punctuation only, and bounds a long one', () => {
    expect(slugFromTitle('!!! ???')).toBe('');
    const long = slugFromTitle('word '.repeat(40));
    expect(Array.from(long).length).toBeLessThanOrEqual(TITLE_SLUG_MAX);
    expect(long.endsWith('-')).toBe(false);
  });

  it('makes slugs the route pattern accepts', () => {
    for (const title of ['Hello World', '我的第一篇文章', 'Ünïcödé 2026', '한국어 제목']) {
      expect(ARTICLE_SLUG_PATTERN.test(slugFromTitle(title))).toBe(true);
    }
    expect(ARTICLE_SLUG_PATTERN.test('../etc')).toBe(false);
    expect(ARTICLE_SLUG_PATTERN.test('-x')).toBe(false);
    expect(ARTICLE_SLUG_PATTERN.test('a'.repeat(65))).toBe(false);
  });
});
