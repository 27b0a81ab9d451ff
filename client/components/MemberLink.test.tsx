import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../api/client';
import type { ApiTransport } from '../api/transport';
import { PromptStore } from '../editor/prompts/PromptStore';
import { UpgradePrompt } from '../editor/prompts/UpgradePrompt';
import { TipsStore } from '../editor/tips/TipsStore';
import en from '../i18n/en';
import { StoresProvider } from '../stores/context';
import { RootStore } from '../stores/RootStore';
import { MemberLink } from './MemberLink';
import { NotificationEntry } from './NotificationEntry';

const offline: ApiTransport = async () => ({ status: 503, data: { detail: 'offline' } });
const env = { locale: 'en', clientType: { shell: 'browser', os: 'other' }, siteName: 'Zine', year: 2026, logEndpoint: '/log', renderedAt: 0 } as const;
const NEW_TAB = /<a href="\/member\/" target="_blank" rel="noopener"[^>]*>/;

/** Every anchor to the membership page in a piece of markup. */
const memberAnchors = (html: string) => html.match(/<a [^>]*href="\/member\/?"[^>]*>/g) ?? [];

describe('links to /member/ (docs/specification/shell.md §2: they open in a new tab)', () => {
  it('are anchors with target="_blank" and rel="noopener"', () => {
    const html = renderToStaticMarkup(<MemberLink className="button">Upgrade</MemberLink>);
    expect(html).toBe('<a href="/member/" target="_blank" rel="noopener" class="button">Upgrade</a>');
  });

  it('include the renewal notification’s', () => {
    const raw = {
      id: 1,
      unread: true,
      payload: {
        type: 'renewal',
        created: '2026-11-20T00:00:00.000Z',
        target: { type: 'Membership', object: { identity: 'vip_monthly_subscription', level: 'vip', expires: '2026-12-01T00:00:00.000Z' } },
      },
    };
    const html = renderToStaticMarkup(
      <StoresProvider stores={new RootStore({ env }, en, offline)}>
        <NotificationEntry raw={raw} now={Date.parse('2026-11-21T00:00:00.000Z')} />
      </StoresProvider>,
    );
    expect(html).toContain('Renew it on the membership page');
    expect(memberAnchors(html)).toHaveLength(1);
    expect(memberAnchors(html)[0]).toMatch(NEW_TAB);
  });

  it('include the editor’s upgrade prompt’s', () => {
    const prompts = new PromptStore({ api: new ApiClient(offline), tips: new TipsStore(), locale: 'en', now: () => 0 });
    prompts.openUpgrade('pdf');
    const html = renderToStaticMarkup(<UpgradePrompt store={prompts} />);
    expect(memberAnchors(html)).toHaveLength(1);
    expect(memberAnchors(html)[0]).toMatch(NEW_TAB);
  });

  it('are all made by MemberLink: no other file of client/ names the path', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    // A quoted path to the page, '/member' or "/member/?x" (not a comment's `/member`, nor /member/ in a longer path).
    const literal = /(["'])\/member\/?(?:[?#][^"']*)?\1/;
    const offenders = files.filter((file) => !file.endsWith('MemberLink.tsx') && literal.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
