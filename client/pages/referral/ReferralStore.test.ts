import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../api/client';
import type { ApiTransport } from '../../api/transport';
import { ReferralStore } from './ReferralStore';

function storeAnswering(status: number, data: unknown) {
  const transport = vi.fn<ApiTransport>(async () => ({ status, data }));
  return { store: new ReferralStore(new ApiClient(transport)), transport };
}

describe('ReferralStore', () => {
  it('accepts a friend’s code through the API', async () => {
    const { store, transport } = storeAnswering(202, { code: 'ABCD1234', username: 'ann', recorded: false });
    await store.accept('abcd1234');
    expect(transport.mock.calls[0]?.[0]).toMatchObject({ method: 'POST', path: '/api/redeem/referral/', body: { code: 'abcd1234' } });
    expect(store.accepted).toEqual({ code: 'ABCD1234', username: 'ann', recorded: false });
    expect(store.busy).toBe(false);
  });

  it.each([
    [404, { detail: 'Invalid referral code.' }, 'error.invalid'],
    [400, { detail: 'You cannot refer yourself.' }, 'error.own'],
    [400, { detail: 'You already have a referrer.' }, 'error.already'],
    [429, { detail: 'Request was throttled. Expected available in 900 seconds.' }, 'error.throttled'],
    [502, 'Bad Gateway', 'error.failed'],
  ])('explains a %i %j as %s', async (status, data, key) => {
    const { store } = storeAnswering(status, data);
    await store.accept('ABCD1234');
    expect(store.error?.key).toBe(key);
    expect(store.accepted).toBeNull();
  });

  it('loads the reader’s own link', async () => {
    const { store } = storeAnswering(200, { code: 'WXYZ5678', referred: 3 });
    await store.loadOwn();
    expect(store.own).toEqual({ code: 'WXYZ5678', referred: 3 });
  });
});
