import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../api/client';
import type { ApiRequest } from '../../api/transport';
import { AccountStore } from '../../stores/AccountStore';
import { PageStores } from '../../stores/PageStores';
import { MemberStore } from './MemberStore';
import { fallbackPlans } from './plans';

const MEMBERSHIP = { level: 'vip', expires: '2027-01-01T00:00:00Z', renewal: false, expired: false, effective_role: 'vip' };

function member(signedIn: boolean, answer: (request: ApiRequest) => { status: number; data: unknown }) {
  const requests: ApiRequest[] = [];
  const api = new ApiClient(async (request) => {
    requests.push(request);
    return answer(request);
  });
  const account = new AccountStore(api, { info: signedIn ? { id: 1, username: 'ann' } : {}, loaded: true });
  return { store: new MemberStore(api, account, new PageStores()), requests, account };
}

describe('MemberStore', () => {
  it('puts the server prices over the list prices, and reads the membership when signed in', async () => {
    const { store } = member(true, (request) =>
      request.path.endsWith('/description/')
        ? { status: 200, data: [{ level: 'vip', monthly_key: 'vip_monthly_manual', monthly_price: '70' }] }
        : { status: 200, data: MEMBERSHIP },
    );
    await store.load();
    expect(store.plans.find((p) => p.level === 'vip' && p.kind === 'manual')?.monthly?.cents).toBe(7000);
    expect(store.membership).toEqual(MEMBERSHIP);
  });

  it('keeps the list prices and asks nothing of a signed-out reader, quietly', async () => {
    const { store, requests } = member(false, () => ({ status: 500, data: { detail: 'boom' } }));
    await store.load();
    expect(store.plans).toEqual(fallbackPlans());
    expect(store.membership).toBeNull();
    expect(requests.map((r) => r.path)).toEqual(['/api/accounts/membership/description/']);
  });

  it('reads the membership after a sign-in that stays on the page', async () => {
    const { store, account } = member(false, (request) =>
      request.path === '/api/accounts/info/' ? { status: 200, data: { id: 1, username: 'ann' } } : { status: 200, data: MEMBERSHIP },
    );
    await store.refresh();
    expect(store.membership).toBeNull();
    await account.refresh();
    await store.refresh();
    expect(store.membership).toEqual(MEMBERSHIP);
  });
});
