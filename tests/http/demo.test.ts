import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/startup/seed/demo';
import { DEMO_AUTHOR } from '../../server/startup/seed/demoContent';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

describe('the demo content', async () => {
  const { app, database } = await testApp();
  const loaded = await seedDemo(database.db, Date.now);

  it('loads authors, articles in three languages and comments into an empty database, once', async () => {
    expect(loaded).toBe(true);
    expect(await seedDemo(database.db, Date.now)).toBe(false);
    const articles = await database.db.selectFrom('articles').select(['language', 'visibility']).execute();
    expect(new Set(articles.map((a) => a.language))).toEqual(new Set(['en', 'zh-CN', 'zh-TW']));
    expect(articles.every((a) => a.visibility === 'public')).toBe(true);
    const replies = await database.db.selectFrom('comments').select('id').where('parent_id', 'is not', null).execute();
    expect(replies.length).toBeGreaterThan(0);
  });

  it('lets the README’s demo author sign in, and ends the session on sign-out', async () => {
    const visitor = new Visitor(app);
    const signedIn = await visitor.signIn(DEMO_AUTHOR.email, DEMO_AUTHOR.password);
    expect(signedIn.status).toBe(200);
    const info = await visitor.get('/api/accounts/info/');
    expect(info.body).toMatchObject({ id: signedIn.body.id, username: 'linqiao', role: 'vip' });
    await visitor.get('/api/accounts/logout/cookies/');
    expect((await visitor.get('/api/accounts/info/')).body).toEqual({});
    expect(await database.db.selectFrom('sessions').select('id').execute()).toEqual([]);
  });

  it('gives the README the same credentials', async () => {
    const readme = await import('node:fs').then((fs) => fs.readFileSync('README.md', 'utf8'));
    expect(readme).toContain(`\`${DEMO_AUTHOR.email}\` / \`${DEMO_AUTHOR.password}\``);
    expect((await request(app).get('/').expect(200)).text).toContain('Zine');
  });
});
