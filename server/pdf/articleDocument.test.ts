import { describe, expect, it } from 'vitest';
import { articleDocumentHtml, fontsUsedBy, type PdfArticle } from './articleDocument';

const article: PdfArticle = {
  title: 'Rain <b>in</b> spring',
  content: '<p style="font-family: Lora">Hello</p><img src="/media/a_hd.jpg" loading="lazy"><script>alert(1)</script>',
  cover_url: '/media/cover_hd.jpg',
  theme: 'theme-1',
  language: 'en',
  author: 'ada & co',
  modified: Date.UTC(2026, 10, 2),
};
const options = {
  baseHref: 'http://127.0.0.1:3000/',
  themeCss: '.article--theme-1{}',
  fonts: [{ font_name: 'Lora', web_font_url: '/fonts/lora.css' }],
  cjkFontFaces: '@font-face{font-family:x}',
};

describe('articleDocumentHtml', () => {
  it('prints the title, author and date escaped, under the theme', () => {
    const html = articleDocumentHtml(article, options);
    expect(html).toContain('<title>Rain &lt;b&gt;in&lt;/b&gt; spring</title>');
    expect(html).toContain('<h1 class="article__title">Rain &lt;b&gt;in&lt;/b&gt; spring</h1>');
    expect(html).toContain('ada &amp; co');
    expect(html).toContain('November 2, 2026');
    expect(html).toContain('class="article article--theme-1"');
    expect(html).toContain('<style>.article--theme-1{}</style>');
    // React writes void elements self-closed (`<base …/>`), the same element to an HTML parser.
    expect(html).toMatch(/<base href="http:\/\/127\.0\.0\.1:3000\/"\/?>/);
  });

  it('sanitises the content again and loads its images eagerly', () => {
    const html = articleDocumentHtml(article, options);
    expect(html).not.toContain('<script');
    expect(html).toContain('loading="eager"');
    expect(html).not.toContain('loading="lazy"');
    expect(html).toContain('<img class="article__cover" src="/media/cover_hd.jpg"');
    // No preload of the cover ahead of <base>, where its address would not resolve.
    expect(html).not.toContain('rel="preload"');
  });

  it('links only the web fonts the content uses', () => {
    expect(articleDocumentHtml(article, options)).toMatch(/<link rel="stylesheet" href="\/fonts\/lora\.css"\/?>/);
    expect(articleDocumentHtml({ ...article, content: '<p>plain</p>' }, options)).not.toContain('lora.css');
  });

  it('drops a cover that is not a web address', () => {
    expect(articleDocumentHtml({ ...article, cover_url: 'javascript:alert(1)' }, options)).not.toContain('article__cover"');
  });

  it('dates CJK articles in their language', () => {
    expect(articleDocumentHtml({ ...article, language: 'zh-CN' }, options)).toContain('2026年11月2日');
    expect(articleDocumentHtml({ ...article, language: 'zh-CN' }, options)).toContain('<html lang="zh-CN">');
  });
});

describe('fontsUsedBy', () => {
  it('matches quoted family names case-insensitively', () => {
    const fonts = [
      { font_name: 'ZCOOL XiaoWei', web_font_url: '/f.css' },
      { font_name: 'Lora', web_font_url: '' },
    ];
    expect(fontsUsedBy('<span style="font-family: &quot;zcool xiaowei&quot;, serif">x</span>', fonts)).toEqual([fonts[0]]);
    expect(fontsUsedBy('<span style="font-family: Lora">x</span>', fonts)).toEqual([]);
  });
});
