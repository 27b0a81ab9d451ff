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

  describe('subscriptions (docs/decisions/051)', () => {
    const SUBSCRIBED = {
      ...MEMBERSHIP,
      renewal: true,
      subscription: { identity: 'vip_monthly_subscription', level: 'vip' as const, period: 'monthly' as const, renewal: true },
    };

    it('offers Renew at the plan price while renewal is on, and blocks the subscription price while it is off', async () => {
      const { store } = member(true, (request) => (request.path.endsWith('/description/') ? { status: 500, data: {} } : { status: 200, data: SUBSCRIBED }));
      await store.load();
      expect(store.subscription?.identity).toBe('vip_monthly_subscription');
      expect(store.renewOffer).toEqual({ key: 'vip_monthly_subscription', cents: 5800 });
      expect(store.subscriptionBuyBlocked).toBe(false);
      store.membership = { ...SUBSCRIBED, renewal: false, subscription: { ...SUBSCRIBED.subscription, renewal: false } };
      expect(store.renewOffer).toBeNull();
      expect(store.subscriptionBuyBlocked).toBe(true);
      store.membership = { ...SUBSCRIBED, expired: true };
      expect(store.subscription).toBeNull();
      expect(store.subscriptionBuyBlocked).toBe(false);
    });

    it('turns renewal off with a PUT and shows the answer; a failure is kept as text and changes nothing', async () => {
      let fail = false;
      const { store, requests } = member(true, (request) => {
        if (request.method === 'PUT')
          return fail
            ? { status: 400, data: { detail: 'You have no subscription.' } }
            : { status: 200, data: { ...SUBSCRIBED, renewal: false, subscription: { ...SUBSCRIBED.subscription, renewal: false } } };
        return request.path.endsWith('/description/') ? { status: 200, data: {} } : { status: 200, data: SUBSCRIBED };
      });
      await store.load();
      await store.setRenewal(false);
      expect(requests.at(-1)).toMatchObject({ method: 'PUT', path: '/api/accounts/membership/renewal/', body: { renewal: false } });
      expect(store.subscription?.renewal).toBe(false);
      expect(store.renewalSaving).toBe(false);
      fail = true;
      await store.setRenewal(true);
      expect(store.renewalError).toBe('You have no subscription.');
      expect(store.subscription?.renewal).toBe(false);
    });
  });
});
