import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../api/client';
import type { ApiTransport } from '../../api/transport';
import { RedeemStore } from './RedeemStore';

function storeAnswering(status: number, data: unknown, code = 'ABCD-EFGH-JKMN-PQRS') {
  const transport = vi.fn<ApiTransport>(async () => ({ status, data }));
  return { store: new RedeemStore(new ApiClient(transport), code), transport };
}

describe('RedeemStore', () => {
  it('does not call the server for a code of the wrong length', async () => {
    const { store, transport } = storeAnswering(200, {}, 'ABCD');
    await store.redeem();
    expect(transport).not.toHaveBeenCalled();
    expect(store.error?.key).toBe('error.invalid');
  });

  it('keeps the result of a redeemed code', async () => {
    const { store, transport } = storeAnswering(200, { kind: 'membership', level: 'vip', months: 1, membership_expires: '2027-01-01T00:00:00.000Z' });
    await store.redeem();
    expect(transport.mock.calls[0]?.[0]).toMatchObject({ method: 'POST', path: '/api/redeem/', body: { code: 'ABCD-EFGH-JKMN-PQRS' } });
    expect(store.result?.level).toBe('vip');
    expect(store.error).toBeNull();
  });

  it('reads the account again after a redeem, so the header shows the new membership; not after a refusal', async () => {
    const refreshed = vi.fn(async () => {});
    const ok = new RedeemStore(
      new ApiClient(async () => ({ status: 200, data: { kind: 'membership', level: 'vip', months: 1 } })),
      'ABCD-EFGH-JKMN-PQRS',
      refreshed,
    );
    await ok.redeem();
    expect(refreshed).toHaveBeenCalledOnce();
    const refused = new RedeemStore(
      new ApiClient(async () => ({ status: 400, data: { detail: 'This redeem code has already been used.' } })),
      'ABCD-EFGH-JKMN-PQRS',
      refreshed,
    );
    await refused.redeem();
    expect(refreshed).toHaveBeenCalledOnce();
  });

  it.each([
    [400, { detail: 'This redeem code has expired.' }, 'error.expired'],
    [400, { detail: 'This redeem code has already been used.' }, 'error.used'],
    [400, { detail: 'You already own this booklet.' }, 'error.owned'],
    [400, { code: ['Too long'] }, 'error.invalid'],
    [403, { detail: 'Authentication credentials were not provided.' }, 'error.signIn'],
    [429, { detail: 'Request was throttled. Expected available in 900 seconds.' }, 'error.throttled'],
    [500, 'Internal Server Error', 'error.failed'],
  ])('explains a %i %j as %s', async (status, data, key) => {
    const { store } = storeAnswering(status, data);
    await store.redeem();
    expect(store.error?.key).toBe(key);
    expect(store.result).toBeNull();
  });

  it('upper-cases what is typed and forgets the old preview', () => {
    const { store } = storeAnswering(200, {});
    store.setCode('abcd-efgh');
    expect(store.code).toBe('ABCD-EFGH');
    expect(store.complete).toBe(false);
  });
});
