import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { writeArticle } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { jsonBlock, testApp } from '../support/testApp';

describe('columns', async () => {
  const { app, database } = await testApp();
  const ann = await createPerson(database, 'ann');
  await createPerson(database, 'ben');
  await createPerson(database, 'gone', { status: 'inactive' });
  const now = Date.now();
  for (let i = 0; i < 22; i++) {
    await writeArticle(database, ann.id, `note-${i}`, {
      title: `Note ${i}`,
      visibility: i === 21 ? 'private' : 'public',
      client_modify_date: now,
      created_at: now - i * 60_000,
      modified_at: now - i * 60_000,
    });
  }
  const ben = new Visitor(app);
  await ben.signIn('ben@example.com', PASSWORD);
  await ben.post('/api/columns/favorite/', { article_slug: 'note-3' });
  await ben.post('/api/follow/user/', { following_name: 'ann' });

  it('answers the owner, follower count, the reader’s follow status and both lists', async () => {
    const res = await ben.get('/api/columns/@ann/');
    expect(res.status).toBe(200);
    expect(res.body.owner).toMatchObject({ username: 'ann', column: '/@ann/', follower_count: 1, follow_status: 'following' });
    expect(res.body.originals.count).toBe(21);
    expect(res.body.originals.results).toHaveLength(20);
    expect(res.body.originals.next).toBe('http://localhost:3000/api/columns/originals/@ann/?page=2&page_size=20');
    expect(res.body.favorites.count).toBe(0);
    const anonymous = await request(app).get('/api/columns/@ann/').expect(200);
    expect(anonymous.body.owner.follow_status).toBeNull();
  });

  it('pages through originals and favourites', async () => {
    const second = await request(app).get('/api/columns/originals/@ann/?page=2').expect(200);
    expect(second.body.results.map((a: { slug: string }) => a.slug)).toEqual(['note-20']);
    const favorites = await request(app).get('/api/columns/favorites/@ben/?page=1').expect(200);
    expect(favorites.body).toMatchObject({ count: 1, next: null, results: [{ slug: 'note-3' }] });
  });

  it.each(['/api/columns/@nobody/', '/api/columns/@gone/', '/api/columns/drafts/@ann/', '/api/columns/@%3Cscript%3E/'])('answers %s with 404', async (path) => {
    expect((await request(app).get(path).expect(404)).body).toEqual({ detail: 'Not found.' });
  });

  it('refuses a bad page with 400', async () => {
    await request(app).get('/api/columns/originals/@ann/?page=0').expect(400);
  });

  it('renders the column page on the server with the lists', async () => {
    const res = await request(app).get('/@ann/articles').expect(200);
    expect(res.text).toContain('ann&#x27;s column');
    expect(res.text).toContain('href="/article/note-0/"');
    expect(res.text).toContain('1 follower<');
    expect(res.text).not.toContain('1 followers');
    const state = jsonBlock(res.text, '__STATE__') as { column: { originals: { count: number } } };
    expect(state.column.originals.count).toBe(21);
    await request(app).get('/@gone/').expect(404);
  });
});
