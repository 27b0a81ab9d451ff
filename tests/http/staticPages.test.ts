import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { STATIC_TEXTS, type StaticPageId } from '../../client/pages/static/texts';
import { CLIENT_DIR, testApp } from '../support/testApp';

const PAGES: [string, StaticPageId][] = [
  ['/page/column/agreement/', 'static-column-agreement'],
  ['/page/privacy/cn/', 'static-privacy-cn'],
  ['/page/privacy/policy/', 'static-privacy-policy'],
  ['/page/service/member/', 'static-service-member'],
  ['/page/service/terms/', 'static-service-terms'],
  ['/page/withdraw/rules/', 'static-withdraw-rules'],
  ['/page/guide/', 'static-guide'],
];
const LOCALES = ['en', 'zh-CN', 'zh-TW'] as const;

describe('the static pages and the user guide', async () => {
  const { app } = await testApp();

  it.each(PAGES)('%s renders its whole text, escaped, in each language', async (url, id) => {
    for (const locale of LOCALES) {
      const { default: text } = await STATIC_TEXTS[id][locale]();
      const res = await request(app).get(`${url}?__lang=${locale}`).expect(200);
      expect(text.sections.length).toBeGreaterThanOrEqual(5);
      for (const section of text.sections) {
        expect(res.text).toContain(`<h2>${section.heading.replaceAll('{site}', 'Zine').replaceAll("'", '&#x27;')}</h2>`);
      }
      expect(res.text).not.toContain('{site}');
      expect(res.text).toContain(`dateTime="${text.updated}"`);
    }
  });

  it('lists every page, the guide too, in the sitemap', async () => {
    const res = await request(app).get('/sitemap.xml').expect(200);
    for (const [url] of PAGES) expect(res.text).toContain(`${url}</loc>`);
  });

  it('keeps each text in its own chunk, out of the page chunk and the catalogues', () => {
    const files = fs.readdirSync(CLIENT_DIR).filter((f) => f.endsWith('.js'));
    const holding = (needle: string) => files.filter((f) => fs.readFileSync(path.join(CLIENT_DIR, f), 'utf8').includes(needle));
    const enLead = 'This agreement applies to everyone who opens a column on';
    // The build keeps UTF-8 text (esbuild's charset: 'utf8').
    const zhLead = '本协议适用于在';
    expect(holding(enLead)).toHaveLength(1);
    expect(holding(zhLead)).toHaveLength(1);
    expect(holding(enLead)[0]).not.toBe(holding(zhLead)[0]);
    expect(holding(enLead)[0]).not.toMatch(/^(entry|en|zh-CN|zh-TW|page)-/);
  });
});
