import { describe, expect, it } from 'vitest';
import en from '../i18n/en';
import zhTW from '../i18n/zh-TW';
import type { ApiTransport } from '../api/transport';
import { RootStore } from './RootStore';

const offline: ApiTransport = async () => ({ status: 503, data: { detail: 'offline' } });

const env = { locale: 'zh-TW', clientType: { shell: 'browser', os: 'other' }, siteName: 'Zine', year: 2026, logEndpoint: '/log', renderedAt: 0 } as const;

describe('RootStore', () => {
  it('round-trips through its snapshot', () => {
    const stores = new RootStore(
      {
        env,
        ui: { pageMeta: { path: '/article/a/', title: 'Hello', type: 'article' }, progress: 'error', lastErrorMessage: 'Bad' },
        account: { info: { id: 7, username: 'ann' }, loaded: true },
      },
      zhTW,
      offline,
    );
    const rebuilt = new RootStore(JSON.parse(JSON.stringify(stores)), zhTW, offline);
    expect(rebuilt.toJSON()).toEqual(stores.toJSON());
    expect(rebuilt.account.signedIn).toBe(true);
  });

  it('translates with the site name filled in', () => {
    const stores = new RootStore({ env: { ...env, locale: 'ja' } }, en, offline);
    expect(stores.env.t('screen.article.intro')).toBe('An article published on Zine.');
    expect(stores.env.htmlLang).toBe('en');
  });

  it('keeps an error progress state until a new navigation starts', () => {
    const stores = new RootStore({ env }, zhTW, offline);
    stores.ui.startProgress();
    stores.ui.failProgress('Bad');
    stores.ui.finishProgress();
    expect(stores.ui.progress).toBe('error');
    expect(stores.ui.lastErrorMessage).toBe('Bad');
    stores.ui.startProgress();
    stores.ui.finishProgress();
    expect(stores.ui.progress).toBe('finish');
  });

  it('records a navigation error with its status and clears it on the next navigation', () => {
    const stores = new RootStore({ env }, zhTW, offline);
    stores.ui.startProgress();
    stores.ui.failNavigation({ status: 403, message: 'Private Article' });
    expect(stores.ui.progress).toBe('error');
    expect(stores.ui.navigationError).toEqual({ status: 403, message: 'Private Article' });
    stores.ui.startProgress();
    expect(stores.ui.navigationError).toBeNull();
  });

  it('treats a refused account call as signed out and turns the progress line red', async () => {
    const stores = new RootStore({ env }, zhTW, async () => ({ status: 403, data: { detail: 'Nope' } }));
    await stores.account.ensureLoaded();
    expect(stores.account.signedIn).toBe(false);
    expect(stores.account.loaded).toBe(true);
    expect(stores.ui.progress).toBe('error');
    expect(stores.ui.lastErrorMessage).toBe('Nope');
  });

  it('passes a backend that is down on to the page, and asks again next time', async () => {
    const stores = new RootStore({ env }, zhTW, offline);
    await expect(stores.account.ensureLoaded()).rejects.toMatchObject({ status: 503 });
    expect(stores.account.loaded).toBe(false);
    await expect(stores.account.ensureLoaded()).rejects.toMatchObject({ status: 503 });
  });

  it('loads the account once however many loaders ask', async () => {
    let calls = 0;
    const stores = new RootStore({ env }, zhTW, async () => {
      calls += 1;
      return { status: 200, data: { id: 3, username: 'mei' } };
    });
    await Promise.all([stores.account.ensureLoaded(), stores.account.ensureLoaded()]);
    expect(calls).toBe(1);
    expect(stores.account.username).toBe('mei');
  });
});
