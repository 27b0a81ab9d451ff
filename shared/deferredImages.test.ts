import { describe, expect, it } from 'vitest';
import { DEFERRED_IMAGE_PLACEHOLDER, deferImages, placeholderOfSize } from './deferredImages';

describe('deferred article images', () => {
  it('move each address to data-lazy-src, keep width and height, and keep a copy for readers without scripts', () => {
    const html = '<p>a</p><p><img src="https://m.example/a.jpg" alt="A &quot;x&quot;" width="800" height="600" loading="lazy" decoding="async" /></p>';
    expect(deferImages(html)).toBe(
      `<p>a</p><p><img data-lazy-src="https://m.example/a.jpg" src="${placeholderOfSize(800, 600)}" alt="A &quot;x&quot;" width="800" height="600" loading="lazy" decoding="async" /><noscript><img src="https://m.example/a.jpg" alt="A &quot;x&quot;" width="800" height="600" loading="lazy" decoding="async" /></noscript></p>`,
    );
  });

  it('finds src wherever it stands and leaves inline images and other tags alone', () => {
    const html = '<img alt="b" src="/media/b.png" width="10" height="10"><img src="/media/c.png"><img src="data:image/png;base64,AAAA"><imgx src="/x">';
    const out = deferImages(html);
    expect(out).toContain(`<img alt="b" data-lazy-src="/media/b.png" src="${placeholderOfSize(10, 10)}" width="10" height="10">`);
    expect(out).toContain(`<img data-lazy-src="/media/c.png" src="${DEFERRED_IMAGE_PLACEHOLDER}">`);
    expect(out).toContain('<img src="data:image/png;base64,AAAA">');
    expect(out).toContain('<imgx src="/x">');
    expect(deferImages('<p>no images</p>')).toBe('<p>no images</p>');
  });

  it('give a placeholder of the image size as a URL without a raw space, which still decodes to its SVG', () => {
    const url = placeholderOfSize(640, 480);
    expect(url).not.toMatch(/\s/);
    expect(decodeURIComponent(url.slice(url.indexOf(',') + 1))).toBe("<svg xmlns='http://www.w3.org/2000/svg' width='640' height='480'/>");
  });
});
