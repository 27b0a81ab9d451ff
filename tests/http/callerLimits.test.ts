import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { rebuildSearchIndex } from '../../server/search/indexer';
import { writeArticle } from '../support/articles';
import { createPerson } from '../support/people';
import { testApp } from '../support/testApp';

/**
 * A rate limit counts the reader who caused the call, whether it came over HTTP or from a page
 * rendered in process (server/api/caller.ts). Readers' addresses come as the loopback proxy's
 * X-Forwarded-For, which the app trusts.
 */
describe('the search limit (60 a minute) is per reader, on the page as on the API', async () => {
  const { app, database } = await testApp();
  const ann = await createPerson(database, 'ann');
  await writeArticle(database, ann.id, 'x-marks', { title: 'x marks the spot' });
  await rebuildSearchIndex(database.db);
  const searchPage = (address: string) => request(app).get('/search/?q=x').set('X-Forwarded-For', address);

  it('serves 61 readers at 61 addresses, one search each', async () => {
    for (let i = 1; i <= 61; i++) {
      const res = await searchPage(`10.20.${Math.floor(i / 200)}.${i % 200}`);
      expect(res.status, `reader ${i}`).toBe(200);
      expect(res.text, `reader ${i}`).toContain('x marks the spot');
    }
  });

  it('refuses the 61st search of one address, the page and the API counting together', async () => {
    const address = '10.30.0.1';
    for (let i = 1; i <= 30; i++) {
      expect((await searchPage(address)).status, `page search ${i}`).toBe(200);
      const api = await request(app).get('/api/search/?q=x').set('X-Forwarded-For', address);
      expect(api.status, `API search ${i}`).toBe(200);
    }
    const refused = await searchPage(address);
    expect(refused.status).toBe(429);
    expect(refused.text).not.toContain('x marks the spot');
    // Another reader is still served.
    expect((await searchPage('10.30.0.2')).status).toBe(200);
  });
});
