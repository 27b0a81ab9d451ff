import type { Editor } from '@tiptap/react';
import { useEffect, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { chooseImages } from '../images/chooseImages';
import { useImageUploads } from '../images/useImageUploads';
import type { FormatStore } from './FormatStore';
import { formatTexts } from './texts';

interface MenuPosition {
  x: number;
  y: number;
  hasSelection: boolean;
}

const MENU_WIDTH = 200;
const MENU_HEIGHT = 360;

/** Its layout inline: it must float at the pointer whatever the page's stylesheet holds. */
const MENU_STYLE: CSSProperties = {
  position: 'fixed',
  zIndex: 60,
  width: MENU_WIDTH,
  maxHeight: MENU_HEIGHT,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  padding: '4px 0',
  background: '#fff',
  color: '#1f2328',
  border: '1px solid #e6e2da',
  borderRadius: 8,
  boxShadow: '0 8px 24px rgb(0 0 0 / 16%)',
  fontSize: 14,
};
const ITEM_STYLE: CSSProperties = {
  display: 'flex',
  justifyContent: 'space-between',
  gap: 12,
  padding: '6px 12px',
  border: 0,
  background: 'transparent',
  font: 'inherit',
  color: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
};
const SEPARATOR_STYLE: CSSProperties = { border: 0, borderTop: '1px solid #eee', margin: '4px 0', width: '100%' };

/**
 * The document's context menu at the pointer (docs/specification/content-and-commerce.md §2): cut and copy when text is
 * selected, paste when the browser lets a page read the clipboard, the marks, the
 * alignments and inserting an image. Escape, a click elsewhere or scrolling close it.
 * Mounted inside the document, it also connects the editor to the image uploads.
 */
export function EditorContextMenu(props: { editor: Editor | null; store: FormatStore }) {
  const { editor, store } = props;
  const [position, setPosition] = useState<MenuPosition | null>(null);
  const menu = useRef<HTMLDivElement>(null);
  const t = formatTexts(store.locale);
  useImageUploads(editor);

  useEffect(() => {
    if (!editor) return;
    const dom = editor.view.dom;
    const open = (event: globalThis.MouseEvent) => {
      event.preventDefault();
      setPosition({ ...placeMenu(event.clientX, event.clientY), hasSelection: !editor.state.selection.empty });
    };
    dom.addEventListener('contextmenu', open);
    return () => dom.removeEventListener('contextmenu', open);
  }, [editor]);

  useEffect(() => {
    if (!position) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          moveFocus(menu.current, event.key === 'ArrowDown' ? 1 : -1);
          return;
        }
        if (event.key !== 'Escape') return;
        // Back to the writing where it was.
        editor?.commands.focus();
      }
      if (event.type === 'pointerdown' && event.target instanceof Node && menu.current?.contains(event.target)) return;
      setPosition(null);
    };
    menu.current?.querySelector('button')?.focus({ preventScroll: true });
    window.addEventListener('pointerdown', close, true);
    window.addEventListener('keydown', close);
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('pointerdown', close, true);
      window.removeEventListener('keydown', close);
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
    };
  }, [position, editor]);

  if (!editor || !position) return null;

  const act = (action: () => void) => () => {
    setPosition(null);
    action();
  };
  const canPaste = typeof navigator !== 'undefined' && typeof navigator.clipboard?.readText === 'function';

  return (
    <div ref={menu} className="editor-context-menu" role="menu" style={{ ...MENU_STYLE, left: position.x, top: position.y }}>
      {position.hasSelection && (
        <>
          <MenuItem label={t('cut')} shortcut="Ctrl+X" onPress={act(() => cutSelection(editor, store))} />
          <MenuItem label={t('copy')} shortcut="Ctrl+C" onPress={act(() => store.copySelection(editor))} />
        </>
      )}
      {canPaste && <MenuItem label={t('paste')} shortcut="Ctrl+V" onPress={act(() => void pastePlainText(editor, store))} />}
      <MenuItem label={t('selectAll')} shortcut="Ctrl+A" onPress={act(() => editor.chain().focus().selectAll().run())} />
      <hr className="editor-context-separator" style={SEPARATOR_STYLE} />
      <MenuItem label={t('bold')} shortcut="Ctrl+B" onPress={act(() => editor.chain().focus().toggleBold().run())} />
      <MenuItem label={t('italic')} shortcut="Ctrl+I" onPress={act(() => editor.chain().focus().toggleItalic().run())} />
      <MenuItem label={t('underline')} shortcut="Ctrl+U" onPress={act(() => editor.chain().focus().toggleUnderline().run())} />
      <MenuItem label={t('strike')} shortcut="Ctrl+Shift+S" onPress={act(() => editor.chain().focus().toggleStrike().run())} />
      <hr className="editor-context-separator" style={SEPARATOR_STYLE} />
      <MenuItem label={t('alignLeft')} shortcut="Ctrl+L" onPress={act(() => editor.chain().focus().setTextAlign('left').run())} />
      <MenuItem label={t('alignCenter')} shortcut="Ctrl+E" onPress={act(() => editor.chain().focus().setTextAlign('center').run())} />
      <MenuItem label={t('alignRight')} shortcut="Ctrl+R" onPress={act(() => editor.chain().focus().setTextAlign('right').run())} />
      <MenuItem label={t('alignJustify')} shortcut="Ctrl+J" onPress={act(() => editor.chain().focus().setTextAlign('justify').run())} />
      <hr className="editor-context-separator" style={SEPARATOR_STYLE} />
      <MenuItem label={t('insertImage')} onPress={act(() => chooseImages(editor))} />
    </div>
  );
}

function MenuItem(props: { label: string; shortcut?: string; onPress: () => void }) {
  return (
    <button type="button" role="menuitem" className="editor-context-item" style={ITEM_STYLE} onMouseDown={keepSelection} onClick={props.onPress}>
      <span>{props.label}</span>
      {props.shortcut && <kbd style={{ color: '#6f737a', fontSize: 12, fontFamily: 'inherit' }}>{props.shortcut}</kbd>}
    </button>
  );
}

/** Keeps the menu inside the window: it opens left or up from the pointer near an edge. */
export function placeMenu(x: number, y: number, width = window.innerWidth, height = window.innerHeight): { x: number; y: number } {
  return {
    x: Math.max(0, x + MENU_WIDTH > width ? x - MENU_WIDTH : x),
    y: Math.max(0, y + MENU_HEIGHT > height ? Math.max(0, height - MENU_HEIGHT) : y),
  };
}

/** Arrow keys walk the menu's items, round the ends. */
function moveFocus(menu: HTMLElement | null, step: number): void {
  const items = Array.from(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);
  if (items.length === 0) return;
  const at = items.findIndex((item) => item === document.activeElement);
  items[(at + step + items.length) % items.length]?.focus();
}

function keepSelection(event: MouseEvent): void {
  event.preventDefault();
}

function cutSelection(editor: Editor, store: FormatStore): void {
  editor.view.focus();
  if (!document.execCommand('cut')) store.copySelection(editor);
}

async function pastePlainText(editor: Editor, store: FormatStore): Promise<void> {
  try {
    const text = await navigator.clipboard.readText();
    editor.chain().focus().insertContent(text).run();
  } catch {
    store.tellPasteBlocked();
  }
}
