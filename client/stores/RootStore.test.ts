import { describe, expect, it } from 'vitest';
import en from '../i18n/en';
import zhTW from '../i18n/zh-TW';
import { RootStore } from './RootStore';

const env = { locale: 'zh-TW', clientType: { shell: 'browser', os: 'other' }, siteName: 'Zine', year: 2026 } as const;

describe('RootStore', () => {
  it('round-trips through its snapshot', () => {
    const stores = new RootStore({ env, ui: { pageTitle: 'Hello' }, account: { id: 7, username: 'ann' } }, zhTW);
    const rebuilt = new RootStore(JSON.parse(JSON.stringify(stores)), zhTW);
    expect(rebuilt.toJSON()).toEqual(stores.toJSON());
    expect(rebuilt.account.signedIn).toBe(true);
  });

  it('translates with the site name filled in', () => {
    const stores = new RootStore({ env: { ...env, locale: 'ja' } }, en);
    expect(stores.env.t('screen.article.intro')).toBe('An article published on Zine.');
    expect(stores.env.htmlLang).toBe('en');
  });

  it('keeps an error progress state until a new navigation starts', () => {
    const stores = new RootStore({ env }, zhTW);
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
    const stores = new RootStore({ env }, zhTW);
    stores.ui.startProgress();
    stores.ui.failNavigation({ status: 403, message: 'Private Article' });
    expect(stores.ui.progress).toBe('error');
    expect(stores.ui.navigationError).toEqual({ status: 403, message: 'Private Article' });
    stores.ui.startProgress();
    expect(stores.ui.navigationError).toBeNull();
  });
});
