import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ApiTransport } from '../../client/api/transport';
import { AccountNav } from '../../client/components/AccountNav';
import en from '../../client/i18n/en';
import zhCN from '../../client/i18n/zh-CN';
import { StoresProvider } from '../../client/stores/context';
import { RootStore } from '../../client/stores/RootStore';
import type { AccountInfo } from '../../shared/entities';
import { accountNavRenderer } from './accountNavHtml';

const offline: ApiTransport = async () => ({ status: 503, data: { detail: 'offline' } });
const env = (locale: 'en' | 'zh-CN') =>
  ({ locale, clientType: { shell: 'browser', os: 'other' }, siteName: 'Zine', year: 2026, logEndpoint: '/log', renderedAt: 0 }) as const;

function storesOf(info: AccountInfo, locale: 'en' | 'zh-CN' = 'en'): RootStore {
  return new RootStore({ env: env(locale), account: { info, loaded: true } }, locale === 'en' ? en : zhCN, offline);
}

function fresh(stores: RootStore, location: string): string {
  return renderToString(
    <StoresProvider stores={stores}>
      <StaticRouter location={location}>
        <AccountNav />
      </StaticRouter>
    </StoresProvider>,
  );
}

const ann: AccountInfo = { id: 1, username: 'ann', email: 'ann@example.com', role: 'user' };

describe('the signed-in header part, kept per account', () => {
  it('is what a fresh render gives, on any page, for each account and language', () => {
    const render = accountNavRenderer();
    const cases: [RootStore, string][] = [
      [storesOf(ann), '/article/a/'],
      [storesOf(ann), '/@bob/'],
      [storesOf({ ...ann, role: 'vip', avatar: '/media/a.png' }), '/'],
      [storesOf(ann, 'zh-CN'), '/'],
      [storesOf({ id: 2, username: 'bob', email: 'bob@example.com' }), '/found/'],
    ];
    for (const [stores, location] of cases) {
      expect(render(stores, location)).toBe(fresh(stores, location));
      // Asked again, the kept one.
      expect(render(stores, location)).toBe(fresh(stores, location));
    }
    expect(render(storesOf(ann), '/')).not.toBe(render(storesOf(ann, 'zh-CN'), '/'));
    expect(render(storesOf(ann), '/')).toContain('<strong>ann</strong>');
    expect(render(storesOf({ id: 2, username: 'bob' }), '/')).toContain('<strong>bob</strong>');
  });

  it('renders a reader who is not signed in each time, with the page in the Sign In link', () => {
    const render = accountNavRenderer();
    expect(render(storesOf({}), '/article/a/')).toContain('next=%2Farticle%2Fa%2F');
    expect(render(storesOf({}), '/@bob/')).toContain('next=%2F%40bob%2F');
  });
});
