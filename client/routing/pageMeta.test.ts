import { describe, expect, it } from 'vitest';
import type { ArticleDetail, BookletDetail, BookletItemDetail } from '../../shared/entities';
import { articlePageMeta, bookletPageMeta, chapterPageMeta, columnPageMeta, firstImageOf } from './pageMeta';
import { articleDetail } from '../../tests/support/articleDetail';

const env = { t: (key: string, params?: Record<string, unknown>) => `${key}${params ? JSON.stringify(params) : ''}` };
const request = (path: string) => new Request(`http://localhost${path}`);

const article = articleDetail();
const locked: ArticleDetail = articleDetail({
  slug: 'paid',
  content: '',
  paywall: { booklet: { slug: 'book', name: 'The Book', price: { amount_cents: 990, currency: 'CNY' } }, chapter: 'two' },
});
const booklet = { slug: 'book', name: 'The Book', owner: { username: 'ann', avatar: '', description: '', column: '/@ann/' } } as const;

describe('page meta of the loaders', () => {
  it('describes an article by its opening when it has no summary, tied to the requested path', () => {
    const meta = articlePageMeta(request('/article/hello'), article, env);
    expect(meta).toMatchObject({
      path: '/article/hello',
      title: 'Hello',
      description: 'Opening words of the body.',
      canonicalPath: '/article/hello/',
      type: 'article',
      structured: { type: 'Article' },
    });
    expect(meta).not.toHaveProperty('image');
  });

  it('gives a locked paid article no description, its chapter URL and the paywall mark', () => {
    const meta = articlePageMeta(request('/article/paid/'), { ...locked, description: 'should not be here' }, env);
    expect(meta.description).toBeUndefined();
    expect(meta.canonicalPath).toBe('/booklet/book/two/');
    expect(meta.structured).toEqual({ type: 'Article', paywall: { cssSelector: '.paywall' }, partOf: { name: 'The Book', path: '/booklet/book/' } });
  });

  it('points a free chapter at its article and keeps a paid one at its chapter URL', () => {
    const item = (over: Partial<BookletItemDetail>): BookletItemDetail => ({
      id: 1,
      slug: 'one',
      type: 'article',
      title: '',
      sales_mode: 'free',
      locked: false,
      detail: article,
      children: [],
      previous: null,
      next: null,
      ...over,
    });
    const free = chapterPageMeta(request('/booklet/book/one'), booklet, item({}), env);
    expect(free).toMatchObject({
      canonicalPath: '/article/hello/',
      description: 'Opening words of the body.',
      structured: { type: 'Article', partOf: { path: '/booklet/book/' } },
    });
    expect(free.structured).not.toHaveProperty('paywall');
    const paid = chapterPageMeta(
      request('/booklet/book/two'),
      booklet,
      item({ slug: 'two', sales_mode: 'payment_required', locked: true, detail: locked }),
      env,
    );
    expect(paid.canonicalPath).toBe('/booklet/book/two/');
    expect(paid.description).toBeUndefined();
    expect(paid.structured).toMatchObject({ paywall: { cssSelector: '.paywall' } });
    const bought = chapterPageMeta(request('/booklet/book/two'), booklet, item({ slug: 'two', sales_mode: 'payment_required' }), env);
    expect(bought.structured).not.toHaveProperty('paywall');
    expect(chapterPageMeta(request('/booklet/book/part-1'), booklet, item({ type: 'directory', title: 'Part 1', detail: null }), env)).toMatchObject({
      title: 'Part 1',
      structured: { type: 'WebPage' },
    });
    // Home › the column › the booklet › the chapter.
    expect(paid.breadcrumbs).toEqual([
      { name: 'ann', path: '/@ann/' },
      { name: 'The Book', path: '/booklet/book/' },
      { name: 'The Book', path: '/booklet/book/two/' },
    ]);
  });

  it('describes a booklet overview as a Book', () => {
    const detail = {
      slug: 'book',
      name: 'The Book',
      heading: 'A heading',
      description: '',
      cover: '/media/c.webp',
      owner: { username: 'ann', avatar: '', description: '', column: '/@ann/' },
      payment: { bought: false, price: { amount_cents: 0, currency: 'CNY' }, paid_chapters: 0 },
      created: '2026-01-01T00:00:00.000Z',
      modified: '2026-01-02T00:00:00.000Z',
    } as unknown as BookletDetail;
    expect(bookletPageMeta(request('/booklet/book'), detail)).toMatchObject({
      title: 'The Book',
      description: 'A heading',
      canonicalPath: '/booklet/book/',
      image: '/media/c.webp',
      type: 'book',
      author: { name: 'ann', path: '/@ann/' },
      structured: { type: 'Book' },
      language: 'en',
      breadcrumbs: [
        { name: 'ann', path: '/@ann/' },
        { name: 'The Book', path: '/booklet/book/' },
      ],
    });
    expect(bookletPageMeta(request('/booklet/book'), detail).structured).not.toHaveProperty('price');
    // A Chinese booklet is Chinese whatever the reader's interface; a priced one offers its price.
    const chinese = {
      ...detail,
      name: '山水之间',
      heading: '关于旅行的小册',
      payment: { bought: false, price: { amount_cents: 990, currency: 'CNY' }, paid_chapters: 2 },
    };
    expect(bookletPageMeta(request('/booklet/book'), chinese)).toMatchObject({
      language: 'zh-CN',
      structured: { type: 'Book', price: { amountCents: 990, currency: 'CNY' } },
    });
  });

  it('lets the first picture of an article without a cover stand for it, never a locked chapter’s', () => {
    expect(firstImageOf('<p>Hi</p><figure><img alt="" src="/media/a.webp"></figure><img src="/media/b.webp">')).toBe('/media/a.webp');
    expect(firstImageOf('<p>No pictures</p>')).toBeNull();
    const pictured = { ...article, cover_url: '', content: '<p>Words</p><img src="/media/inside.webp">' };
    expect(articlePageMeta(request('/article/hello/'), pictured, env).image).toBe('/media/inside.webp');
    expect(articlePageMeta(request('/article/hello/'), { ...pictured, cover_url: '/media/cover.webp' }, env).image).toBe('/media/cover.webp');
    expect(articlePageMeta(request('/article/hello/'), { ...pictured, cover_url: '' }, env).breadcrumbs).toEqual([
      { name: pictured.author.username, path: pictured.author.column },
      { name: pictured.title, path: '/article/hello/' },
    ]);
  });

  it('keeps a column tab canonical to itself and links the feed', () => {
    const owner = { username: 'ann', avatar: '', description: '', city: '', column: '/@ann/', follower_count: 0, follow_status: null };
    expect(columnPageMeta(request('/@ann/collections'), owner, env)).toMatchObject({
      canonicalPath: '/@ann/collections/',
      feed: { path: '/@ann/feed.xml' },
      type: 'profile',
    });
    expect(columnPageMeta(request('/@ann'), owner, env).canonicalPath).toBe('/@ann/');
  });
});
