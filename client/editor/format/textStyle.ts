import type { Editor } from '@tiptap/core';
import { clampIndent } from './indent';

/** docs/specification/content-and-commerce.md §9 defaults. */
export const DEFAULT_COLOR = '#000000';
export const DEFAULT_FONT = 'PingFangSC-Light';
export const DEFAULT_FONT_SIZE = 16;
export const FONT_SIZES = [12, 13, 14, 15, 16, 17, 18, 20, 22, 24, 28, 32, 36] as const;

export const PARAGRAPH_TYPES = ['p', 'h1', 'h2', 'h3', 'blockquote', 'codeBlock', 'bulletList', 'orderedList'] as const;
export type ParagraphType = (typeof PARAGRAPH_TYPES)[number];

export const ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

/** docs/specification/content-and-commerce.md §3 Text style: what the toolbar shows for the selection. */
export interface TextStyleState {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  color: string;
  fontFamily: string;
  fontSize: number;
  paragraphType: ParagraphType;
  textAlign: Alignment;
  textIndentNumber: number;
  canUndo: boolean;
  canRedo: boolean;
}

/** The text style at the selection, with the seed's defaults where nothing is set. */
export function readTextStyle(editor: Editor): TextStyleState {
  const style: Record<string, unknown> = editor.getAttributes('textStyle');
  const block = blockAttributes(editor);
  const hasMark = markReader(editor);
  return {
    bold: hasMark('bold'),
    italic: hasMark('italic'),
    underline: hasMark('underline'),
    strike: hasMark('strike'),
    color: typeof style.color === 'string' && style.color ? style.color : DEFAULT_COLOR,
    fontFamily: typeof style.fontFamily === 'string' && style.fontFamily ? unquoteFamily(style.fontFamily) : DEFAULT_FONT,
    fontSize: fontSizeNumber(style.fontSize),
    paragraphType: paragraphTypeOf(editor),
    textAlign: ALIGNMENTS.find((alignment) => alignment === block.textAlign) ?? 'justify',
    textIndentNumber: clampIndent(Number(block.textIndentNumber) || 0),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

/**
 * Whether a mark is on at the selection. A caret (every keystroke) reads the marks there
 * directly, the cheap case that runs while typing; a range asks Tiptap.
 */
function markReader(editor: Editor): (name: string) => boolean {
  const { selection, storedMarks } = editor.state;
  if (!selection.empty) return (name) => editor.isActive(name);
  const marks = storedMarks ?? selection.$from.marks();
  return (name) => marks.some((mark) => mark.type.name === name);
}

/** Two styles are the same to the toolbar (it re-renders only on a change). */
export function sameTextStyle(a: TextStyleState | null, b: TextStyleState | null): boolean {
  if (a === null || b === null) return a === b;
  return (Object.keys(a) as (keyof TextStyleState)[]).every((key) => a[key] === b[key]);
}

/** Turns the blocks of the selection into a paragraph type. */
export function setParagraphType(editor: Editor, type: ParagraphType): boolean {
  const chain = editor.chain().focus();
  switch (type) {
    case 'p':
      return chain.clearNodes().setParagraph().run();
    case 'h1':
    case 'h2':
    case 'h3':
      return chain
        .clearNodes()
        .setHeading({ level: headingLevel(type) })
        .run();
    case 'blockquote':
      return editor.isActive('blockquote') ? chain.lift('blockquote').run() : chain.clearNodes().setBlockquote().run();
    case 'codeBlock':
      return chain.clearNodes().setCodeBlock().run();
    case 'bulletList':
      return editor.isActive('bulletList') ? chain.toggleBulletList().run() : chain.clearNodes().toggleBulletList().run();
    case 'orderedList':
      return editor.isActive('orderedList') ? chain.toggleOrderedList().run() : chain.clearNodes().toggleOrderedList().run();
  }
}

/** A font family value without its quotes: `"Noto Serif SC"` is `Noto Serif SC`. */
export function unquoteFamily(value: string): string {
  const first = value.split(',')[0] ?? '';
  return first.trim().replace(/^["']|["']$/g, '');
}

/** The CSS value of a family name, quoted when it holds anything but letters, digits and dashes. */
export function cssFamily(name: string): string {
  return /^[\w-]+$/.test(name) ? name : `"${name.replace(/["\\]/g, '')}"`;
}

function fontSizeNumber(value: unknown): number {
  if (typeof value !== 'string') return DEFAULT_FONT_SIZE;
  const size = Number.parseFloat(value);
  return Number.isFinite(size) && size > 0 ? size : DEFAULT_FONT_SIZE;
}

/** The innermost block kind around the selection's start: a code block, a list, a quote, a heading or text. */
function paragraphTypeOf(editor: Editor): ParagraphType {
  const { $from } = editor.state.selection;
  let found: ParagraphType = 'p';
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    const name = node.type.name;
    if (name === 'codeBlock') return 'codeBlock';
    if (name === 'bulletList' || name === 'orderedList' || name === 'blockquote') return name;
    if (name === 'heading' && found === 'p') found = headingType(Number(node.attrs.level));
  }
  return found;
}

function headingType(level: number): ParagraphType {
  return level === 1 ? 'h1' : level === 2 ? 'h2' : level === 3 ? 'h3' : 'p';
}

function headingLevel(type: 'h1' | 'h2' | 'h3'): 1 | 2 | 3 {
  return type === 'h1' ? 1 : type === 'h2' ? 2 : 3;
}

function blockAttributes(editor: Editor): Record<string, unknown> {
  const { $from } = editor.state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (node.type.name === 'paragraph' || node.type.name === 'heading') return node.attrs;
  }
  return {};
}
