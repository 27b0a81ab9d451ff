import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ManagedBooklet, ManagedBookletItem } from '../../shared/bookletManagement';
import type { BookletDetail, BookletItemDetail } from '../../shared/entities';
import { writeArticle } from '../support/articles';
import { pixelBomb } from '../support/images';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

const png = (width = 12) =>
  sharp({ create: { width, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

describe('booklet management', async () => {
  const { app, database, mediaDir } = await testApp({ config: { publicOrigin: 'http://zine.test' } });
  const { db } = database;
  const ann = await createPerson(database, 'ann');
  const bob = await createPerson(database, 'bob');
  const annArticles = {
    one: await writeArticle(database, ann.id, 'ann-one'),
    two: await writeArticle(database, ann.id, 'ann-two'),
    three: await writeArticle(database, ann.id, 'ann-three'),
    trashed: await writeArticle(database, ann.id, 'ann-trashed', { trashed: 1 }),
  };
  const bobArticle = await writeArticle(database, bob.id, 'bob-one');

  const signedIn = async (username: string) => {
    const visitor = new Visitor(app);
    expect((await visitor.signIn(`${username}@example.com`, PASSWORD)).status).toBe(200);
    return visitor;
  };
  const annV = await signedIn('ann');
  const bobV = await signedIn('bob');
  const anonymous = request(app);

  /** The calls a browser makes, with the visitor's CSRF token. */
  const send = (visitor: Visitor, method: 'post' | 'patch' | 'put' | 'delete', url: string) => visitor.agent[method](url).set('X-CSRFToken', visitor.csrf);
  const create = async (visitor: Visitor, name: string, extra: { heading?: string; description?: string } = {}) => {
    const res = await send(visitor, 'post', '/api/booklets/')
      .field('name', name)
      .field('heading', extra.heading ?? '')
      .field('description', extra.description ?? '');
    expect(res.status).toBe(201);
    return res.body as ManagedBooklet;
  };
  const detail = async (id: number, query = '') => (await annV.get(`/api/booklet/${id}/${query}`)).body as ManagedBooklet;
  const addItem = (visitor: Visitor, bookletId: number, body: object) => send(visitor, 'post', `/api/booklet/${bookletId}/items/`).send(body);
  const bookletRow = (id: number) => db.selectFrom('booklets').selectAll().where('id', '=', id).executeTakeFirst();
  const changeKeys = async () => (await db.selectFrom('content_changes').select('key').execute()).map((row) => row.key);

  describe('create, list, edit', () => {
    it('creates a booklet from a multipart form with its cover stored on the media host', async () => {
      const res = await send(annV, 'post', '/api/booklets/')
        .field('name', '  Field notes ')
        .field('heading', 'A heading')
        .field('description', 'About it')
        .attach('cover', await png(), { filename: 'cover.png', contentType: 'image/png' });
      expect(res.status).toBe(201);
      const booklet = res.body as ManagedBooklet;
      expect(booklet).toMatchObject({
        name: 'Field notes',
        heading: 'A heading',
        description: 'About it',
        owner: { username: 'ann' },
        trashed: false,
        chapter_count: 0,
      });
      expect(booklet.slug).toMatch(/^[a-z0-9]{12}$/);
      const key = new URL(booklet.cover).pathname.replace(/^\/media\//, '');
      expect(key).toMatch(/^booklets\/[0-9a-f]{32}_hd\.png$/);
      expect((await sharp(fs.readFileSync(path.join(mediaDir, key))).metadata()).width).toBe(12);
      expect(await bookletRow(booklet.id)).toMatchObject({ owner_id: ann.id, name: 'Field notes', cover_url: booklet.cover, trashed: 0 });
      expect(await changeKeys()).toContain(`booklet:${booklet.slug}`);
    });

    it('refuses bad forms with field errors and stores nothing', async () => {
      const count = async () => (await db.selectFrom('booklets').select('id').execute()).length;
      const before = await count();
      const noName = await send(annV, 'post', '/api/booklets/').field('heading', 'x');
      expect(noName.status).toBe(400);
      expect(noName.body).toEqual({ name: ['This field is required.'] });
      const blank = await send(annV, 'post', '/api/booklets/').field('name', '   ');
      expect(blank.body).toEqual({ name: ['A booklet needs a name.'] });
      const long = await send(annV, 'post', '/api/booklets/').field('name', 'n'.repeat(201)).field('description', 'd'.repeat(5001));
      expect(long.status).toBe(400);
      expect(long.body).toEqual({ name: ['The name has at most 200 characters.'], description: ['The description has at most 5000 characters.'] });
      const wrongType = await send(annV, 'post', '/api/booklets/').send({ name: 42 });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body).toEqual({ name: ['The name is text.'] });
      const malformed = await send(annV, 'post', '/api/booklets/').set('Content-Type', 'application/json').send('{"name":');
      expect(malformed.status).toBe(400);
      expect(malformed.body.detail).toMatch(/JSON/);
      const nul = await send(annV, 'post', '/api/booklets/').field('name', 'a\u0000b');
      expect(nul.status).toBe(400);
      expect(await count()).toBe(before);
    });

    it('refuses a cover that is not an image (415), is larger than 5 MB or 25 megapixels (400), storing nothing', async () => {
      const before = fs.readdirSync(mediaDir, { recursive: true }).length;
      const text = await send(annV, 'post', '/api/booklets/')
        .field('name', 'Fake cover')
        .attach('cover', Buffer.from('<svg onload="alert(1)"></svg>'), { filename: 'cover.png', contentType: 'image/png' });
      expect(text.status).toBe(415);
      expect(text.body).toEqual({ detail: 'The cover must be a JPEG, PNG, GIF or WebP image.' });
      const huge = await send(annV, 'post', '/api/booklets/')
        .field('name', 'Huge cover')
        .attach('cover', Buffer.alloc(5 * 1024 * 1024 + 1), { filename: 'cover.jpg', contentType: 'image/jpeg' });
      expect(huge.status).toBe(400);
      expect(huge.body).toEqual({ cover: ['The cover image may be at most 5 MB.'] });
      const twoFiles = await send(annV, 'post', '/api/booklets/')
        .field('name', 'Other file')
        .attach('other', await png(), 'x.png');
      expect(twoFiles.status).toBe(400);
      const bomb = await send(annV, 'post', '/api/booklets/')
        .field('name', 'Bomb cover')
        .attach('cover', await pixelBomb(), { filename: 'cover.png', contentType: 'image/png' });
      expect(bomb.status).toBe(400);
      expect(bomb.body).toEqual({ cover: ['The image is too large: at most 25 megapixels.'] });
      expect(fs.readdirSync(mediaDir, { recursive: true }).length).toBe(before);
      expect(await db.selectFrom('booklets').select('id').where('name', 'in', ['Fake cover', 'Huge cover', 'Other file', 'Bomb cover']).execute()).toEqual([]);
    });

    it('needs a signed-in caller and the CSRF token', async () => {
      expect((await anonymous.get('/api/booklets/')).status).toBe(403);
      const stranger = new Visitor(app);
      await stranger.open();
      const signedOut = await send(stranger, 'post', '/api/booklets/').field('name', 'Anonymous');
      expect(signedOut.status).toBe(403);
      expect(signedOut.body).toEqual({ detail: 'Authentication credentials were not provided.' });
      const noCsrf = await annV.agent.post('/api/booklets/').field('name', 'No token');
      expect(noCsrf.status).toBe(403);
      expect(noCsrf.body.detail).toMatch(/^CSRF Failed/);
      expect(await db.selectFrom('booklets').select('id').where('name', 'in', ['Anonymous', 'No token']).execute()).toEqual([]);
    });

    it('lists only the caller’s own booklets, newest first, in pages with absolute links', async () => {
      const carol = await createPerson(database, 'carol');
      const carolV = await signedIn(carol.username);
      const names = ['First', 'Second', 'Third'];
      for (const name of names) await create(carolV, name);
      await create(annV, 'Not carol’s');
      const first = await carolV.get('/api/booklets/?page_size=2&trash_status=not_in_trash');
      expect(first.status).toBe(200);
      expect(first.body.count).toBe(3);
      expect((first.body.results as ManagedBooklet[]).map((b) => b.name)).toEqual(['Third', 'Second']);
      expect(first.body.next).toMatch(/^http:\/\/[^/]+\/api\/booklets\/\?page_size=2&trash_status=not_in_trash&page=2$/);
      const next = new URL(first.body.next as string);
      const second = await carolV.get(next.pathname + next.search);
      expect((second.body.results as ManagedBooklet[]).map((b) => b.name)).toEqual(['First']);
      expect(second.body.next).toBeNull();
      expect((await carolV.get('/api/booklets/?trash_status=in_trash')).body).toMatchObject({ count: 0, results: [] });
      expect((await carolV.get('/api/booklets/?trash_status=everything')).status).toBe(400);
      expect((await carolV.get('/api/booklets/?page_size=10000')).status).toBe(400);
    });

    it('updates only the fields sent, and the cover only when a new file comes', async () => {
      const booklet = await create(annV, 'Before', { heading: 'Kept heading', description: 'Kept description' });
      const renamed = await send(annV, 'patch', `/api/booklet/${booklet.id}/`).field('name', 'After');
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'After', heading: 'Kept heading', description: 'Kept description', cover: '' });
      const covered = await send(annV, 'patch', `/api/booklet/${booklet.id}/`).attach('cover', await png(20), 'c.png');
      expect(covered.body).toMatchObject({ name: 'After', heading: 'Kept heading' });
      expect((covered.body as ManagedBooklet).cover).toMatch(/\/media\/booklets\/.+_hd\.png$/);
      const json = await send(annV, 'patch', `/api/booklet/${booklet.id}/`).send({ description: '<script>alert(1)</script> plain' });
      expect(json.body).toMatchObject({ name: 'After', description: '<script>alert(1)</script> plain', cover: (covered.body as ManagedBooklet).cover });
      const bad = await send(annV, 'patch', `/api/booklet/${booklet.id}/`).field('heading', 'h'.repeat(301));
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ heading: ['The heading has at most 300 characters.'] });
      // A reader's page shows the text, never a script.
      const page = await anonymous.get(`/booklet/${booklet.slug}`);
      expect(page.text).not.toContain('<script>alert(1)</script>');
    });

    it('answers 404 for another author’s booklet and changes nothing', async () => {
      const booklet = await create(annV, 'Ann’s own');
      const id = booklet.id;
      const attempts = [
        await bobV.get(`/api/booklet/${id}/`),
        await send(bobV, 'patch', `/api/booklet/${id}/`).field('name', 'Taken'),
        await send(bobV, 'put', `/api/booklet/${id}/`).send({ detail: [] }),
        await addItem(bobV, id, { type: 'directory', title: 'Intruder', parent_id: null }),
        await send(bobV, 'delete', `/api/booklets/${id}/`),
        await send(bobV, 'post', `/api/booklets/${id}/restore/`),
        await bobV.get('/api/booklet/abc/'),
        await bobV.get('/api/booklet/99999999/'),
        await bobV.get('/api/booklet/99999999999/'),
        await send(bobV, 'delete', '/api/booklets/99999999999999999999/'),
      ];
      for (const res of attempts) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ detail: 'Not found.' });
      }
      expect(await bookletRow(id)).toMatchObject({ name: 'Ann’s own', trashed: 0 });
      expect(await db.selectFrom('booklet_items').select('id').where('booklet_id', '=', id).execute()).toEqual([]);
    });
  });

  describe('trash', () => {
    it('moves a booklet to the trash, restores it, and deletes it for good from the trash', async () => {
      const booklet = await create(annV, 'Trash me');
      await addItem(annV, booklet.id, { type: 'article', article_id: annArticles.one, parent_id: null });
      expect((await anonymous.get(`/api/booklets/${booklet.slug}/`)).status).toBe(200);
      expect((await send(annV, 'delete', `/api/booklets/${booklet.id}/`)).status).toBe(204);
      expect(await bookletRow(booklet.id)).toMatchObject({ trashed: 1 });
      expect((await anonymous.get(`/api/booklets/${booklet.slug}/`)).status).toBe(404);
      const trash = (await annV.get('/api/booklets/?trash_status=in_trash')).body.results as ManagedBooklet[];
      expect(trash.map((b) => [b.name, b.trashed])).toEqual([['Trash me', true]]);
      // A booklet in the trash is not edited until restored.
      const files = fs.readdirSync(mediaDir, { recursive: true }).length;
      const edit = await send(annV, 'patch', `/api/booklet/${booklet.id}/`)
        .field('name', 'Edited in trash')
        .attach('cover', await png(), 'c.png');
      expect(edit.status).toBe(400);
      expect(edit.body).toEqual({ detail: 'This booklet is in the trash: restore it first.' });
      expect(fs.readdirSync(mediaDir, { recursive: true }).length).toBe(files);
      expect((await addItem(annV, booklet.id, { type: 'directory', title: 'In trash', parent_id: null })).status).toBe(400);
      const restored = await send(annV, 'post', `/api/booklets/${booklet.id}/restore/`);
      expect(restored.status).toBe(200);
      expect(restored.body).toMatchObject({ trashed: false, name: 'Trash me' });
      expect((await anonymous.get(`/api/booklets/${booklet.slug}/`)).status).toBe(200);
      await send(annV, 'delete', `/api/booklets/${booklet.id}/`);
      expect((await send(annV, 'delete', `/api/booklets/${booklet.id}/`)).status).toBe(204);
      expect(await bookletRow(booklet.id)).toBeUndefined();
      expect(await db.selectFrom('booklet_items').select('id').where('booklet_id', '=', booklet.id).execute()).toEqual([]);
      expect(await db.selectFrom('articles').select('id').where('id', '=', annArticles.one).executeTakeFirst()).toBeDefined();
    });

    it('keeps a bought booklet in the trash rather than deleting it for good', async () => {
      const booklet = await create(annV, 'Sold');
      await db.insertInto('booklet_purchases').values({ booklet_id: booklet.id, user_id: bob.id, order_ref: null, created_at: Date.now() }).execute();
      await send(annV, 'delete', `/api/booklets/${booklet.id}/`);
      const forGood = await send(annV, 'delete', `/api/booklets/${booklet.id}/`);
      expect(forGood.status).toBe(400);
      expect(forGood.body.detail).toMatch(/bought/);
      expect(await bookletRow(booklet.id)).toMatchObject({ trashed: 1 });
    });
  });

  describe('items and tree', () => {
    it('adds directories and the owner’s own articles, each article once, at the end of its directory', async () => {
      const booklet = await create(annV, 'Items');
      const dir = await addItem(annV, booklet.id, { type: 'directory', title: 'Part one', parent_id: null });
      expect(dir.status).toBe(201);
      const dirItem = dir.body as ManagedBookletItem;
      expect(dirItem).toMatchObject({ type: 'directory', order: 0, detail: { title: 'Part one', sales_mode: 'free' }, children: [] });
      const chapter = await addItem(annV, booklet.id, { type: 'article', article_id: annArticles.one, parent_id: dirItem.id });
      expect(chapter.status).toBe(201);
      expect(chapter.body).toMatchObject({
        type: 'article',
        detail: { title: 'Title of ann-one', article_id: annArticles.one, article_slug: 'ann-one', removed: false },
      });
      const refusals: [object, object][] = [
        [{ type: 'article', article_id: annArticles.one, parent_id: null }, { article_id: ['This article is already in this booklet.'] }],
        [{ type: 'article', article_id: bobArticle, parent_id: null }, { article_id: ['No article of yours has this id.'] }],
        [{ type: 'article', article_id: annArticles.trashed, parent_id: null }, { article_id: ['This article is in the trash.'] }],
        [
          { type: 'directory', title: 'Under a chapter', parent_id: (chapter.body as ManagedBookletItem).id },
          { parent_id: ['Only a directory holds other items.'] },
        ],
        [{ type: 'directory', title: 'Elsewhere', parent_id: 99999 }, { parent_id: ['This directory is not in this booklet.'] }],
        [{ type: 'directory', title: '', parent_id: null }, { title: ['A directory needs a title.'] }],
        [{ type: 'chapter', parent_id: null }, { type: expect.any(Array) as unknown }],
        [{ type: 'article', article_id: 'one', parent_id: null }, { article_id: expect.any(Array) as unknown }],
        [{ type: 'article', article_id: 99999999999, parent_id: null }, { article_id: expect.any(Array) as unknown }],
        [{ type: 'directory', title: 'x'.repeat(201), parent_id: null }, { title: ['The title has at most 200 characters.'] }],
      ];
      for (const [body, errors] of refusals) {
        const res = await addItem(annV, booklet.id, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toEqual(errors);
      }
      const tree = (await detail(booklet.id)).detail ?? [];
      expect(tree.map((node) => [node.detail.title, node.children.map((c) => c.detail.title)])).toEqual([['Part one', ['Title of ann-one']]]);
    });

    it('adds an article once even when two adds race', async () => {
      const booklet = await create(annV, 'Racing');
      const body = { type: 'article', article_id: annArticles.two, parent_id: null };
      const results = await Promise.all([addItem(annV, booklet.id, body), addItem(annV, booklet.id, body), addItem(annV, booklet.id, body)]);
      expect(results.map((res) => res.status).sort()).toEqual([201, 400, 400]);
      expect(await db.selectFrom('booklet_items').select('id').where('booklet_id', '=', booklet.id).execute()).toHaveLength(1);
    });

    it('nests directories at most five levels deep', async () => {
      const booklet = await create(annV, 'Deep');
      let parent: number | null = null;
      for (let level = 1; level <= 5; level += 1) {
        const res = await addItem(annV, booklet.id, { type: 'directory', title: `Level ${level}`, parent_id: parent });
        expect(res.status).toBe(201);
        parent = (res.body as ManagedBookletItem).id;
      }
      const tooDeep = await addItem(annV, booklet.id, { type: 'directory', title: 'Level 6', parent_id: parent });
      expect(tooDeep.status).toBe(400);
      expect(tooDeep.body).toEqual({ detail: 'Directories nest at most 5 levels deep.' });
    });

    it('reorders and moves items; a visitor reads the booklet in the new order', async () => {
      const booklet = await create(annV, 'Reorder');
      const add = async (body: object) => ((await addItem(annV, booklet.id, body)).body as ManagedBookletItem).id;
      const partA = await add({ type: 'directory', title: 'Part A', parent_id: null });
      const partB = await add({ type: 'directory', title: 'Part B', parent_id: null });
      const one = await add({ type: 'article', article_id: annArticles.one, parent_id: partA });
      const two = await add({ type: 'article', article_id: annArticles.two, parent_id: partA });
      const three = await add({ type: 'article', article_id: annArticles.three, parent_id: partB });
      const before = (await anonymous.get(`/api/booklets/${booklet.slug}/`)).body as BookletDetail;
      expect(before.children.map((n) => [n.detail.title, n.children.map((c) => c.detail.title)])).toEqual([
        ['Part A', ['Title of ann-one', 'Title of ann-two']],
        ['Part B', ['Title of ann-three']],
      ]);
      // The public page is served from the render cache until the booklet changes.
      const pageOrder = async () => {
        const res = await anonymous.get(`/booklet/${booklet.slug}/`);
        expect(res.status).toBe(200);
        return ['Part A', 'Part B'].map((title) => res.text.indexOf(title));
      };
      const [aBefore, bBefore] = await pageOrder();
      expect(aBefore).toBeLessThan(bBefore ?? 0);
      expect((await anonymous.get(`/booklet/${booklet.slug}/`)).headers['x-cache']).toBe('hit');
      const keysBefore = (await changeKeys()).length;
      const res = await send(annV, 'put', `/api/booklet/${booklet.id}/`).send({
        detail: [
          {
            id: partB,
            order: 0,
            children: [
              { id: two, order: 0, children: [] },
              { id: three, order: 1, children: [] },
            ],
          },
          { id: partA, order: 1, children: [{ id: one, order: 0, children: [] }] },
        ],
      });
      expect(res.status).toBe(200);
      expect(((res.body as ManagedBooklet).detail ?? []).map((n) => [n.detail.title, n.order, n.children.map((c) => c.detail.title)])).toEqual([
        ['Part B', 0, ['Title of ann-two', 'Title of ann-three']],
        ['Part A', 1, ['Title of ann-one']],
      ]);
      const after = (await anonymous.get(`/api/booklets/${booklet.slug}/`)).body as BookletDetail;
      expect(after.children.map((n) => [n.detail.title, n.children.map((c) => c.detail.title)])).toEqual([
        ['Part B', ['Title of ann-two', 'Title of ann-three']],
        ['Part A', ['Title of ann-one']],
      ]);
      expect((await changeKeys()).slice(keysBefore)).toContain(`booklet:${booklet.slug}`);
      const [aAfter, bAfter] = await pageOrder();
      expect(bAfter).toBeLessThan(aAfter ?? 0);
    });

    it('refuses a reorder with foreign or repeated ids, chapters holding items, or too deep, and changes nothing', async () => {
      const booklet = await create(annV, 'Guarded');
      const other = await create(annV, 'Other');
      const add = async (id: number, body: object) => ((await addItem(annV, id, body)).body as ManagedBookletItem).id;
      const dir = await add(booklet.id, { type: 'directory', title: 'Dir', parent_id: null });
      const chapter = await add(booklet.id, { type: 'article', article_id: annArticles.two, parent_id: dir });
      const foreign = await add(other.id, { type: 'directory', title: 'Foreign', parent_id: null });
      const snapshot = async () =>
        db.selectFrom('booklet_items').select(['id', 'parent_id', 'order']).where('booklet_id', '=', booklet.id).orderBy('id').execute();
      const before = await snapshot();
      const nest = (depth: number): object => ({ id: dir, order: 0, children: depth > 1 ? [nest(depth - 1)] : [] });
      const bodies: [unknown, RegExp][] = [
        [{ detail: [{ id: foreign, order: 0, children: [] }] }, /not in this booklet/],
        [{ detail: [{ id: dir, order: 0, children: [{ id: dir, order: 0, children: [] }] }] }, /more than once/],
        [{ detail: [{ id: chapter, order: 0, children: [{ id: dir, order: 0, children: [] }] }] }, /only directories nest/],
        [{ detail: [nest(7)] }, /at most 5 levels/],
        [{ detail: [{ id: 'x', order: 0 }] }, /./],
        [{ detail: 'everything' }, /./],
        [{}, /./],
      ];
      for (const [body, message] of bodies) {
        const res = await send(annV, 'put', `/api/booklet/${booklet.id}/`).send(body as object);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(JSON.stringify(res.body)).toMatch(message);
      }
      expect(await snapshot()).toEqual(before);
      // Another's booklet is not found, whatever the body: no 400 tells that it exists.
      for (const [body] of bodies) expect((await send(bobV, 'put', `/api/booklet/${booklet.id}/`).send(body as object)).status).toBe(404);
      expect(await snapshot()).toEqual(before);
    });

    it('answers an empty item PATCH with the item as it is and writes nothing; others get 404', async () => {
      const booklet = await create(annV, 'Nothing to change');
      const dir = ((await addItem(annV, booklet.id, { type: 'directory', title: 'Kept', parent_id: null })).body as ManagedBookletItem).id;
      const modified = (await bookletRow(booklet.id))?.modified_at;
      const res = await send(annV, 'patch', `/api/booklet/${booklet.id}/items/${dir}/`).send({});
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: dir, detail: { title: 'Kept' } });
      expect((await bookletRow(booklet.id))?.modified_at).toBe(modified);
      expect((await send(annV, 'patch', `/api/booklet/${booklet.id}/items/999999/`).send({})).status).toBe(404);
      expect((await send(bobV, 'patch', `/api/booklet/${booklet.id}/items/${dir}/`).send({})).status).toBe(404);
    });

    it('takes a price from its author: yuan with at most 2 decimals, 0 for free; anything else is a 400 that changes nothing', async () => {
      const booklet = await create(annV, 'Priced by its author');
      const patch = (price: unknown) => send(annV, 'patch', `/api/booklet/${booklet.id}/`).send({ price });
      expect((await patch('20')).body.price).toBe('20.00');
      for (const bad of ['-1', 'abc', '1.234', '1e3', '100000.01', ' ', '<script>alert(1)</script>', true, null, ['1']]) {
        const res = await patch(bad);
        expect(res.status, String(bad)).toBe(400);
        expect(res.body).toEqual({ price: ['A price is 0 or more yuan with at most 2 decimals, up to 100000.'] });
      }
      const stored = await db.selectFrom('booklets').select('price_cents').where('id', '=', booklet.id).executeTakeFirstOrThrow();
      expect(Number(stored.price_cents)).toBe(2000);
      expect((await patch(0)).body.price).toBe('0.00');
      expect((await send(bobV, 'patch', `/api/booklet/${booklet.id}/`).send({ price: '1.00' })).status).toBe(404);
    });

    it('renames directories, sells chapters behind the paywall, and removes items with what is under them', async () => {
      const booklet = await create(annV, 'Sold by chapter');
      const dir = ((await addItem(annV, booklet.id, { type: 'directory', title: 'Old title', parent_id: null })).body as ManagedBookletItem).id;
      const chapterRes = await addItem(annV, booklet.id, { type: 'article', article_id: annArticles.three, parent_id: dir });
      const chapter = chapterRes.body as ManagedBookletItem;
      const item = (id: number) => `/api/booklet/${booklet.id}/items/${id}/`;

      const renamed = await send(annV, 'patch', item(dir)).send({ title: 'New title' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ detail: { title: 'New title' } });
      expect((await send(annV, 'patch', item(chapter.id)).send({ title: 'Renamed chapter' })).body).toEqual({
        title: ['A chapter takes its title from its article.'],
      });
      expect((await send(annV, 'patch', item(dir)).send({ sales_mode: 'payment_required' })).body).toEqual({ sales_mode: ['Only a chapter is sold.'] });
      expect((await send(annV, 'patch', item(chapter.id)).send({ sales_mode: 'sometimes' })).status).toBe(400);
      expect((await send(bobV, 'patch', item(chapter.id)).send({ sales_mode: 'free' })).status).toBe(404);

      const free = (await anonymous.get(`/api/booklets/${booklet.slug}/item/${chapter.slug}/`)).body as BookletItemDetail;
      expect(free).toMatchObject({ locked: false, sales_mode: 'free', detail: { content: '<p>x</p>' } });
      const keysBefore = (await changeKeys()).length;
      const sold = await send(annV, 'patch', item(chapter.id)).send({ sales_mode: 'payment_required' });
      expect(sold.body).toMatchObject({ detail: { sales_mode: 'payment_required' } });
      expect((await changeKeys()).slice(keysBefore)).toEqual(expect.arrayContaining([`booklet:${booklet.slug}`, 'article:ann-three', 'author:ann', 'feed']));
      // A booklet at price 0 sells nothing: the chapter reads free until its author prices it.
      expect((await anonymous.get(`/api/booklets/${booklet.slug}/item/${chapter.slug}/`)).body).toMatchObject({
        locked: false,
        detail: { content: '<p>x</p>' },
      });
      expect((await anonymous.get(`/api/booklets/${booklet.slug}/`)).body.payment).toMatchObject({ paid_chapters: 0, price: { amount_cents: 0 } });
      const keysBeforePrice = (await changeKeys()).length;
      const priced = await send(annV, 'patch', `/api/booklet/${booklet.id}/`).send({ price: '12.50' });
      expect(priced.body).toMatchObject({ price: '12.50' });
      expect((await changeKeys()).slice(keysBeforePrice)).toEqual(expect.arrayContaining([`booklet:${booklet.slug}`, 'article:ann-three', 'feed']));
      expect((await anonymous.get(`/api/booklets/${booklet.slug}/`)).body.payment).toMatchObject({ paid_chapters: 1, price: { amount_cents: 1250 } });
      const locked = (await anonymous.get(`/api/booklets/${booklet.slug}/item/${chapter.slug}/`)).body as BookletItemDetail;
      expect(locked).toMatchObject({ locked: true, sales_mode: 'payment_required', detail: { content: '' } });
      expect((await anonymous.get('/api/article/ann-three/')).body).toMatchObject({ content: '', paywall: { chapter: chapter.slug } });
      expect((await bobV.get('/api/article/ann-three/')).body.content).toBe('');

      const removed = await send(annV, 'delete', item(dir));
      expect(removed.status).toBe(204);
      expect(await db.selectFrom('booklet_items').select('id').where('booklet_id', '=', booklet.id).execute()).toEqual([]);
      expect((await anonymous.get('/api/article/ann-three/')).body).toMatchObject({ content: '<p>x</p>', paywall: null });
      expect((await send(annV, 'delete', item(dir))).status).toBe(404);
    });

    it('shows chapters whose article is in the trash, unless hide_removed=1', async () => {
      const booklet = await create(annV, 'Removed chapters');
      const gone = await writeArticle(database, ann.id, 'ann-soon-trashed');
      await addItem(annV, booklet.id, { type: 'article', article_id: gone, parent_id: null });
      await addItem(annV, booklet.id, { type: 'article', article_id: annArticles.two, parent_id: null });
      await db.updateTable('articles').set({ trashed: 1 }).where('id', '=', gone).execute();
      const all = (await detail(booklet.id)).detail ?? [];
      expect(all.map((n) => [n.detail.article_slug, n.detail.removed])).toEqual([
        ['ann-soon-trashed', true],
        ['ann-two', false],
      ]);
      const shown = (await detail(booklet.id, '?hide_removed=1')).detail ?? [];
      expect(shown.map((n) => n.detail.article_slug)).toEqual(['ann-two']);
      const listed = ((await annV.get('/api/booklets/')).body.results as ManagedBooklet[]).find((b) => b.id === booklet.id);
      expect(listed).toMatchObject({ chapter_count: 2, trashed: false });
      expect(listed?.detail).toBeUndefined();
    });
  });
});
