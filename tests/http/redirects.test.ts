import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { OFFSITE_NEXT_CORPUS } from '../support/offsiteCorpus';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { membershipOrder } from '../support/orders';

/**
 * Every place that takes a `next` or return address: whatever the corpus sends,
 * the browser is sent to a path of this site, never to another host.
 */
const { app, database } = await testApp();
await createPerson(database, 'ned');
const ned = new Visitor(app);
await ned.signIn('ned@example.com', PASSWORD);

const ORIGIN = 'http://zine.test';
/** A path that a browser, resolving it against this site, keeps on this site. */
function expectOnSite(target: string | undefined, label: string): void {
  expect(target, label).toBeDefined();
  const value = target ?? '';
  expect(value, label).toMatch(/^\/(?![/\\])/);
  expect(new URL(value, ORIGIN).origin, label).toBe(ORIGIN);
}

const corpus = OFFSITE_NEXT_CORPUS.filter((next): next is string => typeof next === 'string' && next !== '');

describe('next and return addresses never leave the site', () => {
  it('/sign/in/?next= sends a signed-in reader home, not away', async () => {
    for (const next of corpus) {
      const res = await ned.get(`/sign/in/?next=${encodeURIComponent(next)}`);
      expect(res.status, next).toBe(302);
      expectOnSite(res.headers.location, next);
      expect(res.headers.location, next).toBe('/');
    }
    expect((await ned.get(`/sign/in/?next=${encodeURIComponent('/profile/wallet/?a=1')}`)).headers.location).toBe('/profile/wallet/?a=1');
  });

  it("the chat-app sign-in's 'not configured' page links back on this site only", async () => {
    for (const next of corpus) {
      const res = await request(app)
        .get(`/accounts/login/weixin/?next=${encodeURIComponent(next)}`)
        .expect(200);
      const href = /<a href="([^"]*)"/.exec(res.text)?.[1]?.replace(/&amp;/g, '&');
      expectOnSite(href, next);
    }
  });

  it("the sandbox payment login's open id lands on this site only", async () => {
    for (const next of corpus) {
      const res = await ned.get(`/accounts/login/wechat_payment/?next=${encodeURIComponent(next)}`);
      expect(res.status, next).toBe(302);
      expectOnSite(res.headers.location, next);
    }
  });

  it('the sandbox checkout returns the payer to this site only', async () => {
    for (const next of [...corpus, 'http://127.0.0.1/.//evil.example', 'http://127.0.0.1/%2e//evil.example']) {
      const ref = (await ned.post('/api/payments/order/', membershipOrder('premium_monthly_manual'))).body.id as string;
      const web = await ned.get(`/api/payments/order/${ref}/alipay/web/?return_url=${encodeURIComponent(next)}`);
      // Control characters are refused there already; the checkout form is checked either way.
      expect([200, 400], next).toContain(web.status);
      const res = await ned.agent
        .post(`/payments/sandbox/checkout/${ref}`)
        .type('form')
        .send({ result: 'failed', csrfmiddlewaretoken: ned.csrf, return_url: next });
      expect(res.status, next).toBe(303);
      expect(res.headers.location, next).toBe('/');
    }
  });
});
