import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ArticleVersionDetail, ArticleVersionSummary, EditableArticle } from '../../shared/entities';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

// An article's revision history (docs/decisions/071): every save that changes the text keeps a
// version, the author reads what changed and puts an old one back; nobody else sees them.
describe('article versions', async () => {
  const { app, database } = await testApp();
  const db = database.db;
  await createPerson(database, 'ann');
  await createPerson(database, 'ben');
  const olga = await createPerson(database, 'olga');
  await db.updateTable('users').set({ role: 'operator' }).where('id', '=', olga.id).execute();
  const ann = await signedIn('ann');
  const ben = await signedIn('ben');
  const operator = await signedIn('olga');

  async function signedIn(name: string): Promise<Visitor> {
    const visitor = new Visitor(app);
    expect((await visitor.signIn(`${name}@example.com`, PASSWORD)).status).toBe(200);
    return visitor;
  }
  const send = (visitor: Visitor, method: 'post' | 'patch', path: string, body?: object, headers: Record<string, string> = {}) => {
    const call = visitor.agent[method](path).set('X-CSRFToken', visitor.csrf).set(headers);
    return body === undefined ? call : call.send(body);
  };
  async function save(id: number, body: object, kind?: 'autosave' | 'save'): Promise<EditableArticle> {
    const res = await send(ann, 'patch', `/api/articles/${id}/`, body, kind ? { 'X-Save-Kind': kind } : {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as EditableArticle;
  }
  async function versions(id: number, as: Visitor = ann): Promise<ArticleVersionSummary[]> {
    const res = await as.agent.get(`/api/articles/${id}/versions/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as ArticleVersionSummary[];
  }
  async function newArticle(): Promise<EditableArticle> {
    const res = await send(ann, 'post', '/api/articles/', { title: 'Spring', content: '<p>The river runs.</p>', word_count: 3 });
    expect(res.status).toBe(201);
    return res.body as EditableArticle;
  }

  it('keeps a version for each autosave, save and publication that changes the article, and none for a save that changes nothing', async () => {
    const article = await newArticle();
    await save(article.id, { content: '<p>The river runs west.</p>', word_count: 4 });
    await save(article.id, { content: '<p>The river runs west.</p>' }, 'autosave');
    await save(article.id, { content: '<p>The river runs west, fast.</p>', word_count: 5 }, 'save');
    await save(article.id, { visibility: 'public' });
    await save(article.id, { tags: ['water'] });
    const list = await versions(article.id);
    expect(list.map((v) => [v.kind, v.published])).toEqual([
      ['publish', true],
      ['save', false],
      ['autosave', false],
      ['autosave', false],
    ]);
    expect(list[1]).toMatchObject({ title: 'Spring', word_count: 5, characters: '<p>The river runs west, fast.</p>'.length, saved_by: 'ann' });
    expect(Date.parse(list[0]?.created ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('shows a version as plain text with what it added and removed against the one before it and against the current text', async () => {
    const article = await newArticle();
    await save(article.id, { content: '<p>The river runs <strong>west</strong>.</p><p>Boats &amp; birds.</p>' });
    await save(article.id, { content: '<p>The river runs east.</p><p>Boats &amp; birds.</p>' });
    const [latest, middle] = await versions(article.id);
    const res = await ann.agent.get(`/api/articles/${article.id}/versions/${middle?.id}/`);
    expect(res.status).toBe(200);
    const detail = res.body as ArticleVersionDetail;
    expect(detail.text).toBe('Spring\nThe river runs west.\nBoats & birds.');
    expect(detail.against).toBe('previous');
    expect(detail.changes.filter((c) => c.change !== 'same').map((c) => [c.change, c.text.trim()])).toEqual([
      ['added', 'west'],
      ['added', 'Boats & birds.'],
    ]);
    const current = (await ann.agent.get(`/api/articles/${article.id}/versions/${middle?.id}/?against=current`)).body as ArticleVersionDetail;
    expect(current.against_id).toBeNull();
    expect(current.changes.filter((c) => c.change !== 'same').map((c) => [c.change, c.text.trim()])).toEqual([
      ['removed', 'east'],
      ['added', 'west'],
    ]);
    // The newest against the current text: nothing changed.
    const same = (await ann.agent.get(`/api/articles/${article.id}/versions/${latest?.id}/?against=current`)).body as ArticleVersionDetail;
    expect(same.changes.every((c) => c.change === 'same')).toBe(true);
  });

  it('compares Chinese text word by word', async () => {
    const article = await newArticle();
    await save(article.id, { content: '<p>今天天气很好。</p>' });
    await save(article.id, { content: '<p>今天天气不好。</p>' });
    const [latest] = await versions(article.id);
    const detail = (await ann.agent.get(`/api/articles/${article.id}/versions/${latest?.id}/`)).body as ArticleVersionDetail;
    const changed = detail.changes.filter((c) => c.change !== 'same');
    expect(changed.map((c) => c.change).sort()).toEqual(['added', 'removed']);
    expect(changed.every((c) => c.text.length <= 2)).toBe(true);
  });

  it('restores a version as a new version, so the text it replaced stays in the history', async () => {
    const article = await newArticle();
    await save(article.id, { content: '<p>First thoughts.</p>', word_count: 2 });
    await save(article.id, { title: 'Summer', content: '<p>Second thoughts.</p>', word_count: 2 });
    const before = await versions(article.id);
    const first = before.find((v) => v.title === 'Spring' && v.characters === '<p>First thoughts.</p>'.length);
    const res = await send(ann, 'post', `/api/articles/${article.id}/versions/${first?.id}/restore/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ title: 'Spring', content: '<p>First thoughts.</p>', word_count: 2 });
    const after = await versions(article.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ kind: 'restore', title: 'Spring' });
    const replaced = (await ann.agent.get(`/api/articles/${article.id}/versions/${before[0]?.id}/`)).body as ArticleVersionDetail;
    expect(replaced.text).toBe('Summer\nSecond thoughts.');
  });

  it('keeps the versions of a booklet chapter, which is an article', async () => {
    const article = await newArticle();
    const booklet = await send(ann, 'post', '/api/booklets/', { name: 'Seasons' });
    expect(booklet.status).toBe(201);
    const bookletId = (booklet.body as { id: number }).id;
    expect((await send(ann, 'post', `/api/booklet/${bookletId}/items/`, { type: 'article', article_id: article.id })).status).toBe(201);
    await save(article.id, { content: '<p>Chapter one, rewritten.</p>' });
    const [latest] = await versions(article.id);
    const detail = (await ann.agent.get(`/api/articles/${article.id}/versions/${latest?.id}/`)).body as ArticleVersionDetail;
    expect(detail.text).toBe('Spring\nChapter one, rewritten.');
  });

  it('keeps the text an article had before versions were kept as its oldest version', async () => {
    const article = await newArticle();
    await db.deleteFrom('article_versions').where('article_id', '=', article.id).execute();
    await save(article.id, { content: '<p>Changed.</p>' });
    const list = await versions(article.id);
    expect(list.map((v) => v.kind)).toEqual(['autosave', 'save']);
    const oldest = (await ann.agent.get(`/api/articles/${article.id}/versions/${list[1]?.id}/`)).body as ArticleVersionDetail;
    expect(oldest.text).toBe('Spring\nThe river runs.');
  });

  it('answers 403 to anyone but the author, lets an operator read but not restore, and changes nothing', async () => {
    const article = await newArticle();
    await save(article.id, { content: '<p>Mine.</p>' });
    const [version] = await versions(article.id);
    const base = `/api/articles/${article.id}/versions/`;
    expect((await ben.agent.get(base)).status).toBe(403);
    expect((await ben.agent.get(`${base}${version?.id}/`)).status).toBe(403);
    expect((await send(ben, 'post', `${base}${version?.id}/restore/`)).status).toBe(403);
    expect((await request(app).get(base)).status).toBe(403);
    expect(await versions(article.id, operator)).toHaveLength(2);
    expect((await operator.agent.get(`${base}${version?.id}/`)).status).toBe(200);
    expect((await send(operator, 'post', `${base}${version?.id}/restore/`)).status).toBe(403);
    expect(await versions(article.id)).toHaveLength(2);
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const article = await newArticle();
    const base = `/api/articles/${article.id}/versions/`;
    const [version] = await versions(article.id);
    expect((await ann.agent.get('/api/articles/999999/versions/')).status).toBe(404);
    expect((await ann.agent.get(`${base}abc/`)).status).toBe(404);
    expect((await ann.agent.get(`${base}99999999/`)).status).toBe(404);
    expect((await ann.agent.get(`${base}${version?.id}/?against=tomorrow`)).status).toBe(400);
    expect((await send(ann, 'post', `${base}99999999/restore/`)).status).toBe(404);
    expect((await ann.agent.post(`${base}${version?.id}/restore/`)).status).toBe(403);
    const other = await newArticle();
    const [otherVersion] = await versions(other.id);
    expect((await ann.agent.get(`${base}${otherVersion?.id}/`)).status).toBe(404);
    expect((await send(ann, 'patch', `/api/articles/${article.id}/`, { content: '<p>x</p>' }, { 'X-Save-Kind': 'forever' })).status).toBe(400);
    expect(await versions(article.id)).toHaveLength(1);
  });
});
