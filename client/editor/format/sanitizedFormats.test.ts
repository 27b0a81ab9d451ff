import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../../server/content/sanitize';

// The texts' completeness in the three languages: client/i18n/pageTexts.test.ts.
describe('what the editor emits survives the sanitiser', () => {
  it('keeps marks, colour, font, size, alignment, indent, headings, lists, quotes, code and images', () => {
    // Tiptap's output for these (attribute order and spacing as it renders them).
    const html = [
      '<h2 style="text-align: center; text-indent: 2em">Title</h2>',
      '<p style="text-align: justify; text-indent: 4em"><strong>b</strong><em>i</em><u>u</u><s>s</s>',
      '<span style="color: #c0392b; font-family: &quot;Noto Serif SC&quot;; font-size: 24px">styled</span></p>',
      '<ul><li><p style="text-align: justify">item</p></li></ul><ol><li><p style="text-align: justify">one</p></li></ol>',
      '<blockquote><p style="text-align: justify">quote</p></blockquote><pre><code>code()</code></pre>',
      '<img src="/media/abc_hd.png">',
    ].join('');
    const clean = sanitizeArticleHtml(html);
    for (const kept of [
      'text-align:center',
      'text-indent:4em',
      'text-indent:2em',
      '<strong>b</strong>',
      '<em>i</em>',
      '<u>u</u>',
      '<s>s</s>',
      'color:#c0392b',
      'font-size:24px',
      'font-family:',
      '<ul>',
      '<ol>',
      '<blockquote>',
      '<pre><code>',
      'src="/media/abc_hd.png"',
    ]) {
      expect(clean.replace(/; /g, ';').replace(/: /g, ':')).toContain(kept);
    }
  });

  it('drops the upload marker, so a reader never sees it', () => {
    expect(sanitizeArticleHtml('<img src="https://media.example/a.png" data-upload-id="upload-1">')).not.toContain('data-upload-id');
  });
});
