import { describe, expect, it } from 'vitest';
import type { BookletDetail, BookletItemDetail } from '../../shared/entities';
import { ApiClient, ApiRequestError } from '../api/client';
import type { ApiRequest, ApiResponse } from '../api/transport';
import { PaymentTrigger } from '../payments/paymentTrigger';
import { BookletStore, failureText } from './BookletStore';

const booklet = (slug: string, locked = true): BookletDetail => ({
  id: 1,
  slug,
  name: slug,
  heading: '',
  description: '',
  cover: '',
  created: '',
  modified: '',
  owner: { username: 'ann', avatar: '', description: '', column: '/@ann/' },
  children: [{ id: 2, slug: 'paid', type: 'article', order: 0, detail: { title: 'Paid', sales_mode: 'payment_required', locked }, children: [] }],
  payment: { bought: !locked, price: { amount_cents: 100, currency: 'CNY' }, paid_chapters: 1 },
  rating: { average: null, count: 0 },
  my_rating: null,
});
const item = (slug: string): BookletItemDetail => ({
  id: 2,
  slug,
  type: 'article',
  title: slug,
  sales_mode: 'free',
  locked: false,
  detail: null,
  children: [],
  previous: null,
  next: null,
});

/** A backend that answers from a table of paths and records what was asked. */
function fakeBackend(answers: Record<string, ApiResponse | (() => ApiResponse)>) {
  const calls: string[] = [];
  const api = new ApiClient(async (request: ApiRequest) => {
    calls.push(`${request.method} ${request.path}`);
    const answer = answers[`${request.method} ${request.path}`];
    if (!answer) return { status: 404, data: { detail: 'Does Not Exist' } };
    return typeof answer === 'function' ? answer() : answer;
  });
  return { api, calls };
}

describe('BookletStore', () => {
  it('shares one call between the layout and the section loaders, and keeps the chapter of another booklet apart', async () => {
    const { api, calls } = fakeBackend({
      'GET /api/booklets/a/': { status: 200, data: booklet('a') },
      'GET /api/booklets/a/item/paid/': { status: 200, data: item('paid') },
    });
    const store = new BookletStore(api);
    const [first, second, chapter] = await Promise.all([store.load('a'), store.load('a'), store.loadItem('a', 'paid')]);
    expect(first).toBe(second);
    expect(chapter?.slug).toBe('paid');
    expect(calls).toEqual(['GET /api/booklets/a/', 'GET /api/booklets/a/item/paid/']);
    expect(store.itemOf('a', 'paid')).not.toBeNull();
    expect(store.itemOf('b', 'paid')).toBeNull();
    expect(await store.loadItem('a', 'end')).toBeNull();
    expect(store.hasLockedChapters('a')).toBe(true);
    expect(store.hasLockedChapters('b')).toBe(false);
  });

  it('round-trips through its snapshot', async () => {
    const { api } = fakeBackend({
      'GET /api/booklets/a/': { status: 200, data: booklet('a') },
      'GET /api/booklets/a/item/paid/': { status: 200, data: item('paid') },
    });
    const store = new BookletStore(api);
    await store.loadItem('a', 'paid');
    await store.load('a');
    const rebuilt = new BookletStore(api, JSON.parse(JSON.stringify(store.toJSON())));
    expect(rebuilt.toJSON()).toEqual(store.toJSON());
    expect(rebuilt.itemOf('a', 'paid')?.slug).toBe('paid');
  });

  it("shows the server's text when rating fails, and reads the booklet again when it succeeds", async () => {
    let refusal: ApiResponse = { status: 400, data: { rating: ['A rating is a whole number from 1 to 5.'] } };
    const { api, calls } = fakeBackend({
      'POST /api/booklets/a/ratings/': () => refusal,
      'GET /api/booklets/a/': { status: 200, data: { ...booklet('a'), rating: { average: 4, count: 1 } } },
      'GET /api/booklets/a/ratings/': { status: 200, data: { count: 1, next: null, previous: null, results: [] } },
    });
    const store = new BookletStore(api, { current: booklet('a') });
    await store.rate('a', 9, '');
    expect(store.rating).toEqual({ sending: false, error: 'A rating is a whole number from 1 to 5.', saved: false });
    refusal = { status: 201, data: {} };
    await store.rate('a', 4, 'Good');
    expect(store.rating).toEqual({ sending: false, error: null, saved: true });
    expect(store.current?.rating).toEqual({ average: 4, count: 1 });
    expect(calls.filter((c) => c.startsWith('GET'))).toEqual(['GET /api/booklets/a/', 'GET /api/booklets/a/ratings/']);
  });

  it('turns failures into text: the detail, else the first field message, else the whole body', () => {
    expect(failureText(new ApiRequestError(403, { detail: 'You cannot rate your own booklet.' }))).toBe('You cannot rate your own booklet.');
    expect(failureText(new ApiRequestError(400, { review: ['Too long.'] }))).toBe('Too long.');
    expect(failureText(new ApiRequestError(400, { code: 7 }))).toBe('{"code":7}');
    expect(failureText(new ApiRequestError(502, 'Bad Gateway'))).toBe('Bad Gateway');
  });

  it('answers Buy by opening the payment panel for the booklet id at its price; once paid the booklet is read again', async () => {
    let bought = false;
    const { api, calls } = fakeBackend({ 'GET /api/booklets/a/': () => ({ status: 200, data: booklet('a', !bought) }) });
    const payments = new PaymentTrigger();
    const store = new BookletStore(api, {}, payments);
    await store.load('a');
    await store.requestPurchase('a');
    expect(payments.request).toMatchObject({ type: 'booklet', identity: '1', amount: '1.00', label: 'a' });
    bought = true;
    await payments.request?.onPaid?.();
    expect(store.current?.payment.bought).toBe(true);
    expect(calls.filter((c) => c === 'GET /api/booklets/a/')).toHaveLength(2);
  });

  it('does not open the panel for a booklet the reader already owns', async () => {
    const { api } = fakeBackend({ 'GET /api/booklets/a/': { status: 200, data: booklet('a', false) } });
    const payments = new PaymentTrigger();
    await new BookletStore(api, {}, payments).requestPurchase('a');
    expect(payments.request).toBeNull();
  });
});
