import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadManifest } from '../../server/render/manifest';
import { PAGES, pageSourceFile, type PageName } from '../../client/routing/pageModules';
import { CATALOGUE_MODULES } from '../../client/i18n/loadCatalogue';
import { CLIENT_DIR, testApp } from '../support/testApp';

const app = (await testApp()).app;
const manifest = loadManifest(CLIENT_DIR);
const cdnBacked = await testApp({ config: { assetBaseUrl: 'https://cdn.example.com/zine' } });

describe('hashed assets', () => {
  it('serves the entry pre-compressed with brotli and an immutable cache header', async () => {
    const res = await request(app).get(manifest.entry).set('Accept-Encoding', 'gzip, br').expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toContain('Accept-Encoding');
  });

  it('serves gzip to a client without brotli and identity to one without either', async () => {
    const gz = await request(app).get(manifest.entry).set('Accept-Encoding', 'gzip').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await request(app).get(manifest.entry).set('Accept-Encoding', 'identity').buffer(true).expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const onDisk = fs.readFileSync(path.join(CLIENT_DIR, path.basename(manifest.entry)), 'utf8');
    expect(plain.text).toBe(onDisk);
  });

  it('answers a missing asset with a real 404, never the page', async () => {
    const res = await request(app).get('/static/entry-DOESNOTEXIST.js').expect(404);
    expect(res.text).toBe('Not Found');
    expect(res.text).not.toContain('<html');
    await request(app).get('/static/manifest.json').expect(404);
    await request(app).get('/static/../package.json').expect(404);
  });

  it('says any site may load them only when pages load them from a CDN (ASSET_BASE_URL)', async () => {
    const own = await request(app).get(manifest.entry).expect(200);
    expect(own.headers['access-control-allow-origin']).toBeUndefined();
    expect(own.headers['cross-origin-resource-policy']).toBe('same-origin');
    const pulled = await request(cdnBacked.app)
      .get(manifest.css[0] ?? '')
      .expect(200);
    expect(pulled.headers['access-control-allow-origin']).toBe('*');
    expect(pulled.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('names the CDN in every page address of the built client and in the policy, and nothing of ours under /static', async () => {
    const page = await request(cdnBacked.app).get('/').expect(200);
    const urls = [...page.text.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');
    expect(urls.length).toBeGreaterThan(2);
    for (const url of urls) expect(url).toMatch(/^https:\/\/cdn\.example\.com\/zine\/[\w-]+\.(js|css)$/);
    const policy = page.headers['content-security-policy'] ?? '';
    for (const directive of ['script-src', 'style-src', 'font-src', 'img-src'])
      expect(policy).toMatch(new RegExp(`${directive} [^;]*https://cdn\\.example\\.com`));
    expect(policy).not.toMatch(/connect-src [^;]*cdn\.example/);
  });

  it('serves the unhashed public files', async () => {
    await request(app).get('/favicon.svg').expect(200).expect('Content-Type', /svg/);
    for (const locale of ['en', 'zh-CN', 'zh-TW']) {
      await request(app).get(`/images/promo-${locale}.svg`).expect(200);
    }
  });

  it('has a chunk for every page and catalogue, and keeps server code out', () => {
    for (const name of Object.keys(PAGES) as PageName[]) {
      expect(manifest.modules[pageSourceFile(name)], name).toBeDefined();
    }
    for (const file of Object.values(CATALOGUE_MODULES)) expect(manifest.modules[file], file).toBeDefined();
    const everything = JSON.stringify(manifest);
    expect(everything).not.toContain('server/');
  });
});
