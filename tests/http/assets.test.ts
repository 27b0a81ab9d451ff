import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadManifest } from '../../server/render/manifest';
import { PAGE_MODULES, pageSourceFile, type PageName } from '../../client/routing/pageModules';
import { CATALOGUE_MODULES } from '../../client/i18n/loadCatalogue';
import { CLIENT_DIR, testApp } from '../support/testApp';

const app = (await testApp()).app;
const manifest = loadManifest(CLIENT_DIR);

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

  it('serves the unhashed public files', async () => {
    await request(app).get('/favicon.svg').expect(200).expect('Content-Type', /svg/);
    for (const locale of ['en', 'zh-CN', 'zh-TW']) {
      await request(app).get(`/images/promo-${locale}.svg`).expect(200);
    }
  });

  it('has a chunk for every page and catalogue, and keeps server code out', () => {
    for (const name of Object.keys(PAGE_MODULES) as PageName[]) {
      expect(manifest.modules[pageSourceFile(name)], name).toBeDefined();
    }
    for (const file of Object.values(CATALOGUE_MODULES)) expect(manifest.modules[file], file).toBeDefined();
    const everything = JSON.stringify(manifest);
    expect(everything).not.toContain('server/');
  });
});
