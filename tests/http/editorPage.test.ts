import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadManifest } from '../../server/render/manifest';
import { writeArticle } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { CLIENT_DIR, testApp } from '../support/testApp';

const editorCss = loadManifest(CLIENT_DIR).pageCss['client/pages/editor/page.tsx']?.[0] ?? 'missing';

describe('the /editor page', async () => {
  const { app, database } = await testApp();
  const ann = await createPerson(database, 'ann');
  await writeArticle(database, ann.id, 'tea-notes', { title: 'Tea notes' });

  async function signedIn(): Promise<Visitor> {
    const visitor = new Visitor(app);
    expect((await visitor.signIn('ann@example.com', PASSWORD)).status).toBe(200);
    return visitor;
  }

  it('renders for a signed-in author with 200, the editor stylesheet and a still skeleton', async () => {
    const visitor = await signedIn();
    const res = await visitor.get('/editor');
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<link rel="stylesheet" href="${editorCss}">`);
    expect(res.text).toContain('class="ze-root ze-skeleton"');
    expect(res.text).toContain('Loading the editor…');
    // Tiptap is not in the page: it loads after hydration.
    expect(res.text).not.toMatch(/EditorScreen-[A-Z0-9]+\.js/);
    expect(res.text).not.toContain('ProseMirror');
  });

  it('speaks the reader’s language in the skeleton', async () => {
    const visitor = await signedIn();
    const res = await visitor.agent.get('/editor').set('Accept-Language', 'zh-CN');
    expect(res.status).toBe(200);
    expect(res.text).toContain('正在加载编辑器…');
    const tw = await visitor.agent.get('/editor?__lang=zh-TW');
    expect(tw.text).toContain('正在載入編輯器…');
  });

  it('sends a signed-out visitor to sign in, with the editor as next', async () => {
    const res = await request(app).get('/editor?article=5');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/sign/in/?next=${encodeURIComponent('/editor?article=5')}`);
  });

  it('does not link the editor stylesheet on reader pages (only names it, for a later visit to the editor)', async () => {
    const link = `<link rel="stylesheet" href="${editorCss}">`;
    for (const path of ['/', '/article/tea-notes', '/@ann/']) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain(link);
      expect(res.text, path).toContain(`"editorStylesheet":"${editorCss}"`);
    }
    const signedInReader = await (await signedIn()).get('/article/tea-notes');
    expect(signedInReader.text).not.toContain(link);
  });
});
