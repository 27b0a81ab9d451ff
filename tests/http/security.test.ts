import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from '../../server/middleware/securityHeaders';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

const { app, database } = await testApp();

function directives(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts): parts is [string, ...string[]] => !!parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  it('refuse the browser features no page uses, on rendered pages, cached pages and the API', async () => {
    // The render cache keeps pages of a site that knows its origin.
    const { app: site } = await testApp({ config: { publicOrigin: 'http://zine.test' } });
    const cached = await request(site).get('/').expect(200);
    const again = await request(site).get('/').expect(200);
    expect(again.headers['x-cache']).toBe('hit');
    const api = await request(app).get('/api/accounts/info/');
    for (const res of [cached, again, api]) {
      expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      expect(PERMISSIONS_POLICY).toContain('camera=()');
      // Each CSP directive names each source once (WeChat's QR frame is also the configured one).
      for (const [name, values] of directives(res.headers['content-security-policy'] ?? '')) {
        expect(new Set(values).size, name).toBe(values.length);
      }
    }
  });

  it('marks a page made for a signed-in reader private, a signed-out reader’s page not', async () => {
    await createPerson(database, 'priv');
    const visitor = new Visitor(app);
    expect((await visitor.signIn('priv@example.com', PASSWORD)).status).toBe(200);
    for (const path of ['/', '/business', '/profile/wallet/', '/no/such/page/']) {
      expect((await visitor.get(path)).headers['cache-control'], path).toBe('private, no-cache');
    }
    expect((await request(app).get('/business').expect(200)).headers['cache-control']).toBe('no-cache');
  });

  it('sends a strict CSP with a fresh nonce and no unsafe-inline', async () => {
    const first = await request(app).get('/').expect(200);
    const second = await request(app).get('/').expect(200);
    const csp = first.headers['content-security-policy'] as string;
    expect(csp).toBeTruthy();
    expect(csp).not.toContain('unsafe-eval');
    // Only style attributes (the editor's sanitised inline styles) may be inline (decision 010).
    const inline = [...directives(csp)].filter(([, values]) => values.includes("'unsafe-inline'")).map(([name]) => name);
    expect(inline).toEqual(['style-src-attr']);
    const scriptSrc = directives(csp).get('script-src') ?? [];
    expect(scriptSrc[0]).toBe("'self'");
    expect(scriptSrc[1]).toMatch(/^'nonce-[A-Za-z0-9+/=]{20,}'$/);
    expect(second.headers['content-security-policy']).not.toBe(csp);
    expect(directives(csp).get('object-src')).toEqual(["'none'"]);
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('puts no inline script in the page that runs without the nonce', async () => {
    const res = await request(app).get('/').expect(200);
    const nonce = /'nonce-([^']+)'/.exec(res.headers['content-security-policy'] as string)?.[1];
    const scripts = [...res.text.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) {
      // Data blocks (the state, the router data, JSON-LD) are never executed.
      const isData = attrs.includes('type="application/json"') || attrs.includes('type="application/ld+json"');
      const isExternal = /\ssrc="\/static\//.test(attrs);
      const hasNonce = nonce !== undefined && attrs.includes(`nonce="${nonce}"`);
      expect(isData || isExternal || hasNonce, attrs).toBe(true);
    }
  });

  it('upgrades insecure requests only behind an https origin', async () => {
    const secure = (await testApp({ config: { publicOrigin: 'https://zine.example', secure: true } })).app;
    const res = await request(secure).get('/').expect(200);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeTruthy();
  });

  it('gives every response a request id and hides the framework', async () => {
    const res = await request(app).get('/found').expect(200);
    expect(res.headers['x-request-id']).toMatch(/^[\w.:-]{8,}$/);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps a sane request id from a proxy and replaces a hostile one', async () => {
    const kept = await request(app).get('/').set('X-Request-Id', 'edge-1234567890').expect(200);
    expect(kept.headers['x-request-id']).toBe('edge-1234567890');
    const replaced = await request(app).get('/').set('X-Request-Id', '<script>').expect(200);
    expect(replaced.headers['x-request-id']).not.toContain('<');
  });
});
