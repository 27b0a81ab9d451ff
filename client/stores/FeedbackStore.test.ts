import { describe, expect, it } from 'vitest';
import en from '../i18n/en';
import type { ApiRequest, ApiTransport } from '../api/transport';
import { RootStore } from './RootStore';

const env = { locale: 'en', clientType: { shell: 'browser', os: 'other' }, siteName: 'Zine', year: 2026, logEndpoint: '/log', renderedAt: 0 } as const;
const probe = () => ({ platform: 'Linux', userAgent: 'TestAgent/1', screen: '1280x800' });

function storesAnswering(answer: ApiTransport, account = {}) {
  const calls: ApiRequest[] = [];
  const alerts: string[] = [];
  const stores = new RootStore(
    { env, account: { info: account, loaded: true } },
    en,
    async (request) => {
      calls.push(request);
      return answer(request);
    },
    { alert: (text) => alerts.push(text), probeEnvironment: probe },
  );
  return { stores, calls, alerts };
}

describe('FeedbackStore', () => {
  it('fills in the account’s address and suggests hosts only while no @ is typed', () => {
    const { stores } = storesAnswering(async () => ({ status: 201, data: {} }), { id: 1, username: 'ann', email: 'ann@example.com' });
    stores.feedback.open();
    expect(stores.feedback.email).toBe('ann@example.com');
    expect(stores.feedback.suggestions).toEqual([]);
    stores.feedback.setEmail('bob');
    expect(stores.feedback.suggestions[4]).toBe('bob@gmail.com');
  });

  it('is dimmed until both fields are filled, and says which one is missing', async () => {
    const { stores, calls } = storesAnswering(async () => ({ status: 201, data: {} }));
    stores.feedback.open();
    expect(stores.feedback.filled).toBe(false);
    expect(await stores.feedback.submit()).toBe(false);
    expect(stores.feedback.tips.text).toBe('Please input E-mail');
    stores.feedback.setEmail('a@qq.com');
    expect(await stores.feedback.submit()).toBe(false);
    expect(stores.feedback.tips.text).toBe('Please input something');
    stores.feedback.setContent('  ');
    expect(stores.feedback.filled).toBe(false);
    expect(calls).toEqual([]);
  });

  it('sends the text with the environment, alerts the thanks and closes', async () => {
    const { stores, calls, alerts } = storesAnswering(async () => ({ status: 201, data: {} }), {
      id: 1,
      username: 'ann',
      email: 'ann@example.com',
      role: 'vip',
    });
    stores.feedback.open();
    stores.feedback.setContent('Hello');
    expect(await stores.feedback.submit()).toBe(true);
    const sent = calls.find((call) => call.path === '/api/contact/');
    expect(sent).toMatchObject({ method: 'POST', path: '/api/contact/', body: { email: 'ann@example.com' } });
    const message = (sent?.body as { message: string }).message;
    expect(message).toContain('Hello\n\n---\nplatform: Linux\nuser agent: TestAgent/1\nscreen: 1280x800\nrole: vip\ntraffic: 0 MB / 5120 MB');
    expect(alerts).toEqual(["We've received your feedback and will reply to you by email in one working day."]);
    expect(stores.feedback.show).toBe(false);
    expect(stores.feedback.content).toBe('');
  });

  it('sends a signed-in writer’s real traffic figures from the meter', async () => {
    const { stores, calls } = storesAnswering(
      async (request) =>
        request.path === '/api/traffic/current/'
          ? {
              status: 200,
              data: {
                begin: '2026-11-01T00:00:00.000Z',
                end: '2026-12-01T00:00:00.000Z',
                bytes_limit: 1024 * 1024 * 1024,
                bytes_used: 3 * 1024 * 1024 + 512 * 1024,
              },
            }
          : { status: 201, data: {} },
      { id: 1, username: 'ann', email: 'ann@example.com', role: 'premium' },
    );
    stores.feedback.open();
    stores.feedback.setContent('Hello');
    expect(await stores.feedback.submit()).toBe(true);
    expect(calls.map((call) => call.path)).toEqual(['/api/traffic/current/', '/api/contact/']);
    expect((calls[1]?.body as { message: string }).message).toContain('role: premium\ntraffic: 3.5 MB / 1024 MB');
  });

  it('still sends when the meter cannot be read, and sends no traffic for a reader who is not signed in', async () => {
    const signedIn = storesAnswering(async (request) => (request.path === '/api/traffic/current/' ? { status: 500, data: {} } : { status: 201, data: {} }), {
      id: 1,
      username: 'ann',
      email: 'ann@example.com',
    });
    signedIn.stores.feedback.open();
    signedIn.stores.feedback.setContent('Hi');
    expect(await signedIn.stores.feedback.submit()).toBe(true);
    expect((signedIn.calls.at(-1)?.body as { message: string }).message).toContain('role: user\ntraffic: 0 MB / 100 MB');
    const anonymous = storesAnswering(async () => ({ status: 201, data: {} }));
    anonymous.stores.feedback.open();
    anonymous.stores.feedback.setEmail('guest@qq.com');
    anonymous.stores.feedback.setContent('Hi');
    expect(await anonymous.stores.feedback.submit()).toBe(true);
    expect(anonymous.calls.map((call) => call.path)).toEqual(['/api/contact/']);
    expect((anonymous.calls[0]?.body as { message: string }).message).toContain('role: anonymous\ntraffic: 0 MB / 0 MB');
  });

  it('alerts the failure with its status and stays open; a second submit while one runs is ignored', async () => {
    let release: () => void = () => {};
    const { stores, calls, alerts } = storesAnswering(
      () => new Promise((resolve) => (release = () => resolve({ status: 429, data: { detail: 'slow down' } }))),
    );
    stores.feedback.open();
    stores.feedback.setEmail('a@qq.com');
    stores.feedback.setContent('Hi');
    const first = stores.feedback.submit();
    expect(await stores.feedback.submit()).toBe(false);
    release();
    expect(await first).toBe(false);
    expect(calls).toHaveLength(1);
    expect(alerts).toEqual(['Network Error! Error code:429']);
    expect(stores.feedback.show).toBe(true);
    expect(stores.feedback.content).toBe('Hi');
  });
});

describe('SignInStore, other modes', () => {
  it('closes the overlay when an account id appears, keeping the deferred tasks', async () => {
    const { stores } = storesAnswering(async () => ({ status: 200, data: { id: 7, username: 'ann' } }));
    stores.signIn.open();
    await stores.account.signIn('ann@example.com', 'x');
    expect(stores.signIn.show).toBe(false);
  });

  it('goes straight to chat-app sign-in inside the chat app with auto sign-in on, never after E-mail Sign In', async () => {
    const wechat = new RootStore(
      { env: { ...env, clientType: { shell: 'wechat', os: 'ios' } }, account: { info: { id: 3, username: 'ann' }, loaded: true } },
      en,
      async () => ({ status: 200, data: { detail: 'ok' } }),
    );
    wechat.signIn.open();
    expect(wechat.signIn.wechatRedirect('/@ann/?a=1')).toBe('/accounts/login/weixin/?next=%2F%40ann%2F%3Fa%3D1');
    await wechat.signIn.switchToMail();
    expect(wechat.account.signedIn).toBe(false);
    expect(wechat.signIn.show).toBe(true);
    expect(wechat.signIn.autoUseWechat).toBe(false);
    expect(wechat.signIn.wechatRedirect('/')).toBeNull();
    const { stores } = storesAnswering(async () => ({ status: 200, data: {} }));
    stores.signIn.open();
    expect(stores.signIn.wechatRedirect('/')).toBeNull();
  });
});
