import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/en';
import type { ApiTransport } from '../api/transport';
import { ApiTimeoutError } from '../api/transport';
import { RootStore } from './RootStore';

const env = { locale: 'en', clientType: { shell: 'browser', os: 'other' }, siteName: 'Zine', year: 2026, logEndpoint: '/log', renderedAt: 0 } as const;

function storesAnswering(answer: ApiTransport) {
  const calls: string[] = [];
  const stores = new RootStore({ env }, en, async (request) => {
    calls.push(`${request.method} ${request.path}`);
    return answer(request);
  });
  return { stores, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SignInStore', () => {
  it('asks for both fields before calling the server', async () => {
    const { stores, calls } = storesAnswering(async () => ({ status: 200, data: {} }));
    expect(await stores.signIn.signInByMail(' ', 'secret')).toBe(false);
    expect(stores.signIn.tips.text).toBe('Please enter account and password');
    expect(calls).toEqual([]);
  });

  it.each([
    [401, { detail: 'nope' }, 'Account/Password not correct'],
    [400, { detail: 'banned' }, 'Please active your account first.'],
    [500, { detail: 'Internal Server Error' }, 'Request failed!Error code:500 Internal Server Error'],
    [429, { detail: 'Request was throttled.' }, 'Request failed!Error code:429 Request was throttled.'],
    [
      429,
      { detail: 'Request was throttled. Expected available in 61 seconds.' },
      'Request failed!Error code:429 Too many failed sign-ins. Please try again in 2 min.',
    ],
    [
      429,
      { detail: 'Request was throttled. Expected available in 12 seconds.' },
      'Request failed!Error code:429 Too many failed sign-ins. Please try again in 1 min.',
    ],
  ])('explains a %s answer', async (status, data, message) => {
    const { stores } = storesAnswering(async () => ({ status, data }));
    expect(await stores.signIn.signInByMail('ann@example.com', 'secret')).toBe(false);
    expect(stores.signIn.tips.text).toBe(message);
    expect(stores.account.signedIn).toBe(false);
  });

  it('explains a timeout', async () => {
    const { stores } = storesAnswering(async () => {
      throw new ApiTimeoutError('Network Timeout');
    });
    await stores.signIn.signInByMail('ann@example.com', 'secret');
    expect(stores.signIn.tips.text).toBe('Network Timeout...');
  });

  it('signs in and ignores a second submit while the first runs', async () => {
    let release: () => void = () => {};
    const { stores, calls } = storesAnswering(() => new Promise((resolve) => (release = () => resolve({ status: 200, data: { id: 5, username: 'ann' } }))));
    const first = stores.signIn.signInByMail('ann@example.com', 'secret');
    expect(await stores.signIn.signInByMail('ann@example.com', 'secret')).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(calls).toEqual(['POST /api/accounts/login/cookies/']);
    expect(stores.account.id).toBe(5);
  });

  it('hides the tip after 2 s', async () => {
    vi.useFakeTimers();
    const { stores } = storesAnswering(async () => ({ status: 200, data: {} }));
    await stores.signIn.signInByMail('', '');
    vi.advanceTimersByTime(1999);
    expect(stores.signIn.tips.text).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(stores.signIn.tips.text).toBeNull();
  });

  it('validates the reset e-mail and stays silent when the call fails', async () => {
    const { stores, calls } = storesAnswering(async () => ({ status: 500, data: 'down' }));
    await stores.signIn.requestReset('');
    expect(stores.signIn.tips.text).toBe('Please input Email');
    await stores.signIn.requestReset('ann@localhost');
    expect(stores.signIn.tips.text).toBe('Please input correct Email');
    expect(calls).toEqual([]);
    expect(await stores.signIn.requestReset('ann@example.com')).toBe(false);
    expect(stores.signIn.tips.text).toBe('Please input correct Email');
  });

  it('confirms a sent reset mail', async () => {
    const { stores } = storesAnswering(async () => ({ status: 200, data: { detail: 'sent' } }));
    expect(await stores.signIn.requestReset('ann@example.com')).toBe(true);
    expect(stores.signIn.tips.text).toBe('Password reset mail has been sent to your mailbox.Please check it.');
  });
});
