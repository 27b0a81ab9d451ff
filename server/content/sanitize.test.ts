import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './sanitize';

describe('sanitizeArticleHtml', () => {
  it('removes scripts, handlers, frames and javascript: links', () => {
    const dirty =
      '<p onclick="x()">Hi<script>alert(1)</script></p><iframe src="https://evil"></iframe>' +
      '<a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"><svg><script>1</script></svg>';
    const clean = sanitizeArticleHtml(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|iframe|javascript:|<svg/i);
    expect(clean).toContain('<p>Hi</p>');
  });

  it('keeps the editor’s styles and nothing else', () => {
    const html = '<p style="color:#c2410c;text-align:justify;text-indent:2em;position:fixed;background:url(x)">t</p>';
    expect(sanitizeArticleHtml(html)).toBe('<p style="color:#c2410c;text-align:justify;text-indent:2em">t</p>');
  });

  it('marks links rel=noopener', () => {
    expect(sanitizeArticleHtml('<a href="https://example.com" target="_blank">x</a>')).toContain('rel="noopener noreferrer nofollow"');
  });
});

describe('article images', () => {
  it('keep their width and height, load lazily, and lose their handlers', () => {
    const html = sanitizeArticleHtml('<p><img src="/images/demo/a.svg" alt="A" width="1200" height="800" onerror="x()" loading="eager"></p>');
    expect(html).toBe('<p><img src="/images/demo/a.svg" alt="A" width="1200" height="800" loading="lazy" decoding="async" /></p>');
  });

  it('keep a paragraph’s alignment and colour from the editor', () => {
    expect(sanitizeArticleHtml('<p style="text-align: right; color: #8a8580">x</p>')).toBe('<p style="text-align:right;color:#8a8580">x</p>');
  });
});
