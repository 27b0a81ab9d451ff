import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { jsonBlock, testApp } from '../support/testApp';

const app = (await testApp()).app;
const EVIL = '</script><script>alert(1)</script>\u2028&<b>';

const evilApp = (
  await testApp({
    deps: {
      extraRoutes: (getStores) => [
        {
          path: 'evil-title',
          loader: ({ request }) => {
            getStores(request).ui.setPageMeta({ path: '/evil-title', title: EVIL, type: 'website' });
            return null;
          },
          Component: () => null,
        },
      ],
    },
  })
).app;

describe('the document', () => {
  it('serialises the store snapshot inert and intact', async () => {
    const res = await request(evilApp).get('/evil-title').expect(200);
    expect(res.text).not.toContain('<script>alert(1)');
    const raw = /<script type="application\/json" id="__STATE__">(.*?)<\/script>/s.exec(res.text)?.[1] ?? '';
    expect(raw).toContain('\\u003c/script\\u003e');
    expect(raw).not.toMatch(/[<>&\u2028\u2029]/);
    const state = jsonBlock(res.text, '__STATE__') as { ui: { pageMeta: { title: string } } };
    expect(state.ui.pageMeta.title).toBe(EVIL);
    expect(res.text).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('carries the router state as JSON: no errors for a page that rendered, and null for each loader (its data is in the stores)', async () => {
    const res = await request(app).get('/found/').expect(200);
    expect(jsonBlock(res.text, '__ROUTER__')).toEqual({ loaderData: { root: null, found: null }, errors: null });
  });

  it('serialises route errors so the browser can rebuild them', async () => {
    const res = await request(app).get('/missing/page').expect(404);
    const { errors } = jsonBlock(res.text, '__ROUTER__') as { errors: Record<string, { __type: string; status: number; data: unknown }> };
    expect(errors.root).toEqual({ __type: 'RouteErrorResponse', status: 404, statusText: 'Not Found', data: 'Error: No route matches URL "/missing/page"' });
  });

  it('links the entry script, the page chunk and the locale catalogue only', async () => {
    const res = await request(app).get('/').set('Accept-Language', 'zh-TW').expect(200);
    expect(res.text).toMatch(/<script type="module" src="\/static\/entry-[A-Z0-9]+\.js"><\/script>/);
    expect(res.text).toMatch(/<link rel="modulepreload" href="\/static\/zh-TW-[A-Z0-9]+\.js">/);
    expect(res.text).not.toMatch(/modulepreload" href="\/static\/(en|zh-CN)-/);
    expect(res.text).toMatch(/<link rel="stylesheet" href="\/static\/app-[A-Z0-9]+\.css">/);
  });

  it('sends the complete page to crawlers', async () => {
    const res = await request(app)
      .get('/page/privacy/policy')
      .set('User-Agent', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')
      .expect(200);
    expect(res.text).toContain('The agreement and policies of Zine.');
    expect(res.text.trimEnd().endsWith('</div></body></html>')).toBe(true);
  });

  it('compresses rendered HTML with gzip even when brotli is offered', async () => {
    // /business is rendered for each request; cached pages carry brotli computed once (renderCache.test.ts).
    const res = await request(app).get('/business').set('Accept-Encoding', 'br, gzip').expect(200);
    expect(res.headers['x-cache']).not.toBe('hit');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('shows the copyright range to the current year and the content policy link', async () => {
    const res = await request(app).get('/').expect(200);
    expect(res.text).toContain(`© 2012–${new Date().getFullYear()} Zine`);
    expect(res.text).toContain('href="/page/service/terms/"');
  });
});

describe('the embedded API mount point', () => {
  it('answers an unknown endpoint in the DRF error shape', async () => {
    const res = await request(app).get('/api/nothing/').expect(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });

  it('reports health', async () => {
    const res = await request(app).get('/healthz').expect(200);
    // The details only with METRICS_TOKEN (docs/decisions/060; tests/http/healthAndMetrics.test.ts).
    expect(res.body).toEqual({ status: 'ok' });
  });
});
