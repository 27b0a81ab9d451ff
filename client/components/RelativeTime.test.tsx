import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ApiTransport } from '../api/transport';
import en from '../i18n/en';
import { StoresProvider } from '../stores/context';
import { RootStore } from '../stores/RootStore';
import { RelativeTime } from './RelativeTime';

const offline: ApiTransport = async () => ({ status: 503, data: { detail: 'offline' } });
const renderedAt = Date.parse('2026-11-28T12:00:00.000Z');
const env = { locale: 'en', clientType: { shell: 'browser', os: 'other' }, siteName: 'Zine', year: 2026, logEndpoint: '/log', renderedAt } as const;

describe('RelativeTime', () => {
  it('writes the moment as the time since the page was rendered, with the moment itself as its datetime', () => {
    const html = renderToStaticMarkup(
      <StoresProvider stores={new RootStore({ env }, en, offline)}>
        <RelativeTime at="2026-11-28T11:59:50.000Z" />
      </StoresProvider>,
    );
    expect(html).toBe(`<time dateTime="2026-11-28T11:59:50.000Z">${en['time.justNow']}</time>`);
  });
});
