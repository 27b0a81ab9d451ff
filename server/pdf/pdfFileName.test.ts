import { describe, expect, it } from 'vitest';
import { pdfFileName } from './pdfFileName';

describe('pdfFileName', () => {
  it('keeps a plain title and adds .pdf', () => {
    expect(pdfFileName('A quiet morning')).toBe('A quiet morning.pdf');
  });

  it('keeps CJK titles', () => {
    expect(pdfFileName('春天的雨')).toBe('春天的雨.pdf');
  });

  it('drops path separators, quotes, control characters and leading dots', () => {
    expect(pdfFileName('../../etc/passwd')).toBe('etc passwd.pdf');
    expect(pdfFileName('a"b\r\nc\\d')).toBe('a b c d.pdf');
  });

  it('falls back to "article" for an empty title', () => {
    expect(pdfFileName('   ')).toBe('article.pdf');
    expect(pdfFileName('???')).toBe('article.pdf');
  });

  it('cuts long titles on whole characters', () => {
    const name = pdfFileName('字'.repeat(200));
    expect(Array.from(name)).toHaveLength(84);
  });
});
