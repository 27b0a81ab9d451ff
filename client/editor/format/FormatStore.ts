import type { Editor } from '@tiptap/core';
import { action, makeObservable, observable, observableRef } from 'mobx';
import type { EditorColor, EditorFont } from '../../../shared/entities';
import type { TextLocale } from '../../../shared/locale';
import { editorAssetsApi } from '../../api/editorAssets';
import type { EditorDeps } from '../EditorDeps';
import { editorTexts } from '../texts';
import { formatTexts } from './texts';
import { DEFAULT_COLOR, cssFamily, unquoteFamily } from './textStyle';

/** Adds a stylesheet link to the page (the browser's document by default; tests pass their own). */
export type StylesheetLinker = (href: string) => void;

/**
 * The fonts and colours the toolbar offers (docs/specification/content-and-commerce.md §3: GET /api/fonts/, /api/colors/),
 * and the web fonts loaded so far: a font's stylesheet is linked when it is chosen or
 * found in the article, once.
 */
export class FormatStore {
  fonts: EditorFont[] = [];
  colors: string[] = [DEFAULT_COLOR];
  loaded = false;
  private readonly linked = new Set<string>();

  constructor(
    private readonly deps: EditorDeps,
    private readonly linkStylesheet: StylesheetLinker = documentStylesheet,
  ) {
    makeObservable<FormatStore, 'setAssets'>(this, {
      fonts: observableRef,
      colors: observableRef,
      loaded: observable,
      setAssets: action,
    });
  }

  /** The language of the editor's texts. */
  get locale(): TextLocale {
    return this.deps.locale;
  }

  /** Loads the fonts and colours; a failed call leaves the defaults (the toolbar still works). */
  async load(): Promise<void> {
    const [fonts, colors] = await Promise.all([
      editorAssetsApi.fonts(this.deps.api).catch((): EditorFont[] => []),
      editorAssetsApi.colors(this.deps.api).catch((): EditorColor[] => []),
    ]);
    this.setAssets(fonts, colors);
  }

  /** The font a family value names (its local name or its display name), if offered. */
  fontOf(family: string): EditorFont | null {
    const name = unquoteFamily(family);
    return this.fonts.find((font) => familyName(font) === name || font.font_name === name) ?? null;
  }

  /** Sets a font on the selection and loads its web font. */
  applyFont(editor: Editor, font: EditorFont): void {
    this.ensureFontLoaded(font);
    editor
      .chain()
      .focus()
      .setFontFamily(cssFamily(familyName(font)))
      .run();
  }

  /** Links a font's stylesheet once (nothing for a font the device has). */
  ensureFontLoaded(font: EditorFont): void {
    const href = font.web_font_url;
    if (!href || this.linked.has(href) || !isSafeStylesheet(href)) return;
    this.linked.add(href);
    this.linkStylesheet(href);
  }

  /** Loads the web fonts an article's text uses (after it is opened or a large paste). */
  loadFontsUsedIn(editor: Editor): void {
    const families = new Set<string>();
    editor.state.doc.descendants((node) => {
      for (const mark of node.marks) {
        const family: unknown = mark.attrs.fontFamily;
        if (typeof family === 'string' && family) families.add(unquoteFamily(family));
      }
      return true;
    });
    for (const family of families) {
      const font = this.fontOf(family);
      if (font) this.ensureFontLoaded(font);
    }
  }

  /** Copies the selection as the browser does (with its formatting); the copy event then says so. */
  copySelection(editor: Editor): boolean {
    editor.view.focus();
    return typeof document !== 'undefined' && document.execCommand('copy');
  }

  /** Any copy out of the document (Ctrl/Cmd+C, the menu, the browser's own menu) says 'copied'. */
  noteCopied(): void {
    this.deps.tips.push({ text: editorTexts(this.deps.locale)('copied'), kind: 'success' });
  }

  /** The browser refused to let the page read the clipboard: the keyboard still pastes. */
  tellPasteBlocked(): void {
    this.deps.tips.push({ text: formatTexts(this.deps.locale)('pasteBlocked') });
  }

  private setAssets(fonts: EditorFont[], colors: EditorColor[]): void {
    this.fonts = fonts.filter((font) => typeof font.font_name === 'string' && font.font_name !== '');
    const values = colors.map((color) => color.color_value).filter((value) => /^#[0-9a-f]{3,8}$|^rgba?\([\d\s.,%]+\)$/i.test(value));
    this.colors = [DEFAULT_COLOR, ...values.filter((value) => value.toLowerCase() !== DEFAULT_COLOR)];
    this.loaded = true;
  }
}

/** The CSS family a font is drawn with: its local name, else its display name. */
export function familyName(font: EditorFont): string {
  return font.local_font_name || font.font_name;
}

/** Only this site's stylesheets (the CSP's style-src is 'self'): a font list is data, not a way to load anything. */
function isSafeStylesheet(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

function documentStylesheet(href: string): void {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.editorFont = '';
  document.head.append(link);
}
