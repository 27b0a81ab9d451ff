import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../api/client';
import type { ApiRequest } from '../../api/transport';
import type { EditorDeps } from '../EditorDeps';
import { TipsStore } from '../tips/TipsStore';
import { editorExtensions } from './extensions';
import { FormatStore } from './FormatStore';
import { DEFAULT_FONT, readTextStyle } from './textStyle';

const FONTS = [
  { font_name: 'Noto Serif SC', web_font_url: '/fonts/noto-serif-sc.css', local_font_name: 'Noto Serif SC' },
  { font_name: 'Lora', web_font_url: '/fonts/lora.css', local_font_name: '' },
  { font_name: 'Evil', web_font_url: 'https://evil.example/x.css', local_font_name: 'Evil' },
  { font_name: 'PingFang', web_font_url: '', local_font_name: 'PingFangSC-Light' },
];

function setup(answers: Record<string, { status: number; data: unknown }>) {
  const calls: ApiRequest[] = [];
  const api = new ApiClient(async (request) => {
    calls.push(request);
    return answers[request.path] ?? { status: 404, data: { detail: 'Not found.' } };
  });
  const deps: EditorDeps = { api, tips: new TipsStore(), locale: 'en', now: () => 0 };
  const linked: string[] = [];
  return { store: new FormatStore(deps, (href) => linked.push(href)), linked, calls, deps };
}

const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

function editorWith(content: Record<string, unknown>[]): Editor {
  const editor = new Editor({ element: null, extensions: editorExtensions({ placeholder: '' }), content: { type: 'doc', content } });
  editors.push(editor);
  return editor;
}

describe('FormatStore', () => {
  it('loads fonts and colours; black comes first; bad colour values are dropped', async () => {
    const { store, calls } = setup({
      '/api/fonts/': { status: 200, data: FONTS },
      '/api/colors/': { status: 200, data: [{ color_value: '#c0392b' }, { color_value: '#000000' }, { color_value: 'url(x)' }] },
    });
    await store.load();
    expect(calls.map((call) => call.path).sort()).toEqual(['/api/colors/', '/api/fonts/']);
    expect(store.fonts.map((font) => font.font_name)).toEqual(['Noto Serif SC', 'Lora', 'Evil', 'PingFang']);
    expect(store.colors).toEqual(['#000000', '#c0392b']);
  });

  it('keeps working with the defaults when the calls fail', async () => {
    const { store } = setup({});
    await store.load();
    expect(store.fonts).toEqual([]);
    expect(store.colors).toEqual(['#000000']);
    expect(store.loaded).toBe(true);
  });

  it('links a chosen font\u2019s stylesheet once, only from this site, and sets it on the selection', async () => {
    const { store, linked } = setup({ '/api/fonts/': { status: 200, data: FONTS } });
    await store.load();
    const editor = editorWith([{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }]);
    editor.commands.selectAll();
    const [noto, lora, evil, local] = store.fonts;
    if (!noto || !lora || !evil || !local) throw new Error('fonts missing');
    store.applyFont(editor, noto);
    store.applyFont(editor, noto);
    store.ensureFontLoaded(evil);
    store.ensureFontLoaded(local);
    expect(linked).toEqual(['/fonts/noto-serif-sc.css']);
    expect(readTextStyle(editor).fontFamily).toBe('Noto Serif SC');
    expect(store.fontOf('"Noto Serif SC"')).toBe(noto);
    store.applyFont(editor, lora);
    expect(readTextStyle(editor).fontFamily).toBe('Lora');
  });

  it("says 'copied' in the editor's language after any copy", () => {
    const { store, deps } = setup({});
    deps.locale = 'zh-TW';
    store.noteCopied();
    expect(deps.tips.top?.text).toBe('已複製');
  });

  it('loads the fonts an opened article uses', async () => {
    const { store, linked } = setup({ '/api/fonts/': { status: 200, data: FONTS } });
    await store.load();
    const editor = editorWith([{ type: 'paragraph', content: [{ type: 'text', text: 'A', marks: [{ type: 'textStyle', attrs: { fontFamily: 'Lora' } }] }] }]);
    store.loadFontsUsedIn(editor);
    expect(linked).toEqual(['/fonts/lora.css']);
  });
});

describe('readTextStyle', () => {
  it('gives the seed defaults: black, PingFangSC-Light, 16, paragraph, justify, no indent', () => {
    const editor = editorWith([{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }]);
    editor.commands.setTextSelection(2);
    expect(readTextStyle(editor)).toMatchObject({
      bold: false,
      color: '#000000',
      fontFamily: DEFAULT_FONT,
      fontSize: 16,
      paragraphType: 'p',
      textAlign: 'justify',
      textIndentNumber: 0,
    });
  });

  it('reflects marks, colour, size, heading, alignment and indent at the selection', () => {
    const editor = editorWith([{ type: 'paragraph', content: [{ type: 'text', text: 'Hello world' }] }]);
    editor.commands.setTextSelection({ from: 1, to: 6 });
    editor.chain().toggleBold().toggleItalic().toggleUnderline().toggleStrike().setColor('#c0392b').setFontSize('24px').setTextAlign('center').indent().run();
    expect(readTextStyle(editor)).toMatchObject({
      bold: true,
      italic: true,
      underline: true,
      strike: true,
      color: '#c0392b',
      fontSize: 24,
      textAlign: 'center',
      textIndentNumber: 1,
    });
    editor.commands.setHeading({ level: 2 });
    expect(readTextStyle(editor).paragraphType).toBe('h2');
  });

  it('at a caret reads the marks there and the ones about to be typed; names lists, quotes and code blocks', () => {
    const editor = editorWith([
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'plain ' },
          { type: 'text', text: 'bold', marks: [{ type: 'bold' }] },
        ],
      },
      { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'item' }] }] }] },
      { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'quote' }] }] },
      { type: 'codeBlock', content: [{ type: 'text', text: 'code' }] },
    ]);
    editor.commands.setTextSelection(3);
    expect(readTextStyle(editor).bold).toBe(false);
    editor.commands.toggleItalic();
    expect(readTextStyle(editor).italic).toBe(true);
    editor.commands.setTextSelection(10);
    expect(readTextStyle(editor).bold).toBe(true);
    const positionOf = (text: string) => {
      let found = -1;
      editor.state.doc.descendants((node, pos) => {
        if (found < 0 && node.isText && node.text === text) found = pos + 1;
        return found < 0;
      });
      return found;
    };
    const typeAt = (text: string) => {
      editor.commands.setTextSelection(positionOf(text));
      return readTextStyle(editor).paragraphType;
    };
    expect(typeAt('item')).toBe('bulletList');
    expect(typeAt('quote')).toBe('blockquote');
    expect(typeAt('code')).toBe('codeBlock');
    expect(typeAt('plain ')).toBe('p');
  });
});
