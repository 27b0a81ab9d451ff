import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './sanitize';

// What the editor (Tiptap 3 with text style, colour, font family and size,
// alignment, indent, images) writes must survive the sanitiser unchanged in meaning.
describe('sanitizeArticleHtml on the editor’s output', () => {
  it('keeps paragraphs, headings, marks, lists, quotes, code and links', () => {
    const html =
      '<h1 style="text-align: center">T</h1><h3>S</h3><p style="text-align: justify; text-indent: 4em">a<br>b</p>' +
      '<p><strong>b</strong><em>i</em><u>u</u><s>s</s><code>c</code></p><hr>' +
      '<ul><li><p>1</p></li></ul><ol><li><p>2</p></li></ol><blockquote><p>q</p></blockquote><pre><code class="language-js">x</code></pre>' +
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/">l</a></p>';
    const clean = sanitizeArticleHtml(html);
    for (const kept of [
      '<h1 style="text-align:center">',
      '<h3>',
      'text-indent:4em',
      'text-align:justify',
      '<br />',
      '<hr />',
      '<strong>',
      '<em>',
      '<u>',
      '<s>',
      '<code>',
      '<ul><li><p>1</p></li></ul>',
      '<ol>',
      '<blockquote>',
      '<pre><code>x</code></pre>',
      'href="https://example.com/"',
    ]) {
      expect(clean, kept).toContain(kept);
    }
  });

  it('keeps a CJK font name and drops a font-family that smuggles a url or an expression', () => {
    expect(sanitizeArticleHtml('<p><span style="font-family: 微软雅黑, sans-serif">x</span></p>')).toContain('font-family:微软雅黑, sans-serif');
    expect(sanitizeArticleHtml('<p><span style="font-family: url(https://evil.example/f)">x</span></p>')).not.toContain('font-family');
    expect(sanitizeArticleHtml('<p><span style="font-family: expression(alert(1))">x</span></p>')).not.toContain('font-family');
  });

  it('keeps the text style spans: colour, font family, font size', () => {
    const clean = sanitizeArticleHtml(
      '<p><span style="color: rgb(192, 57, 43); font-family: &quot;Noto Serif SC&quot;; font-size: 18px">x</span><span style="color: #000000; font-family: PingFangSC-Light">y</span></p>',
    );
    expect(clean).toContain('color:rgb(192, 57, 43)');
    expect(clean).toContain('font-family:&quot;Noto Serif SC&quot;');
    expect(clean).toContain('font-size:18px');
    expect(clean).toContain('font-family:PingFangSC-Light');
  });

  it('keeps media host images, relative and absolute, lazily loaded, and drops editor-only attributes', () => {
    const clean = sanitizeArticleHtml(
      '<img src="/media/ab12_hd.png" alt="" data-upload-id="u1"><img src="https://media.example.com/cd34_hd.jpg" width="1080" height="720">',
    );
    expect(clean).toContain('src="/media/ab12_hd.png"');
    expect(clean).toContain('src="https://media.example.com/cd34_hd.jpg"');
    expect(clean).toContain('width="1080"');
    expect(clean).toContain('loading="lazy"');
    expect(clean).not.toContain('data-upload-id');
  });

  it('drops what is dangerous', () => {
    const clean = sanitizeArticleHtml(
      '<script>a()</script><img src="javascript:b()" onerror="c()"><a href="javascript:d()">x</a><p style="background-image: url(https://e.example/t.png); position: fixed">y</p>' +
        '<svg onload="e()"></svg><style>p{}</style><iframe src="https://e.example"></iframe><form action="/x"><input></form><span style="font-family: x;} body{">z</span>',
    );
    for (const gone of ['<script', 'a()', 'javascript:', 'onerror', 'url(', 'position', '<svg', '<style', '<iframe', '<form', '<input', 'body{']) {
      expect(clean, gone).not.toContain(gone);
    }
  });
});
