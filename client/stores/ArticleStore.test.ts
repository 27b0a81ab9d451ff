import { describe, expect, it } from 'vitest';
import type { ArticleDetail } from '../../shared/entities';
import { ApiClient } from '../api/client';
import { ArticleStore } from './ArticleStore';
import { articleDetail } from '../../tests/support/articleDetail';

const article = articleDetail();
const api = new ApiClient(() => Promise.reject(new Error('no calls here')));

describe('the article store’s snapshot (decision 053)', () => {
  it('leaves out a body the page shows, and says so', () => {
    const snapshot = new ArticleStore(api, { current: article }).toJSON();
    expect(snapshot).toEqual({ current: { ...article, content: '' }, bodyInPage: true });
  });

  it('keeps a locked chapter’s snapshot as it is: its page shows a purchase prompt, not a body', () => {
    const locked: ArticleDetail = {
      ...article,
      content: '',
      paywall: { booklet: { slug: 'book', name: 'The Book', price: { amount_cents: 990, currency: 'CNY' } }, chapter: 'two' },
    };
    expect(new ArticleStore(api, { current: locked }).toJSON()).toEqual({ current: locked });
    expect(new ArticleStore(api).toJSON()).toEqual({ current: null });
  });

  it('knows a body read back from the page is already rendered; one from the API is not', () => {
    const rendered = '<p><img data-lazy-src="/a.png" src="data:image/gif;base64,x"></p>';
    expect(new ArticleStore(api, { current: { ...article, content: rendered }, bodyInPage: true }).renderedContent).toBe(rendered);
    expect(new ArticleStore(api, { current: article }).renderedContent).toBeNull();
  });
});
