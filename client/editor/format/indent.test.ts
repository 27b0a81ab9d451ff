import { Editor, getSchema } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { editorExtensions } from './extensions';
import { indentNumberOf, MAX_INDENT, tabKey } from './indent';

const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

function editorWith(content: Record<string, unknown>[]): Editor {
  const editor = new Editor({ element: null, extensions: editorExtensions({ placeholder: '' }), content: { type: 'doc', content } });
  editors.push(editor);
  return editor;
}

const paragraph = (text: string, attrs: Record<string, unknown> = {}) => ({ type: 'paragraph', attrs, content: [{ type: 'text', text }] });

function blockAttrs(editor: Editor): Record<string, unknown>[] {
  return (editor.getJSON().content ?? []).map((node) => node.attrs ?? {});
}

describe('the indent extension (textIndentNumber)', () => {
  it('indents and outdents every block of the selection, within 0..8', () => {
    const editor = editorWith([paragraph('one'), paragraph('two')]);
    editor.commands.selectAll();
    expect(editor.commands.indent()).toBe(true);
    editor.commands.indent();
    expect(blockAttrs(editor).map((attrs) => attrs.textIndentNumber)).toEqual([2, 2]);
    editor.commands.outdent();
    expect(blockAttrs(editor).map((attrs) => attrs.textIndentNumber)).toEqual([1, 1]);
    editor.commands.outdent();
    expect(editor.commands.outdent()).toBe(false);
    for (let i = 0; i < MAX_INDENT + 3; i++) editor.commands.indent();
    expect(blockAttrs(editor).map((attrs) => attrs.textIndentNumber)).toEqual([MAX_INDENT, MAX_INDENT]);
    expect(editor.can().indent()).toBe(false);
  });

  it('draws as text-indent in em and reads it back', () => {
    const schema = getSchema(editorExtensions({ placeholder: '' }));
    const node = schema.nodeFromJSON(paragraph('x', { textIndentNumber: 2 }));
    const spec = schema.nodes.paragraph?.spec.toDOM?.(node);
    expect(JSON.stringify(spec)).toContain('text-indent: 4em');
    expect(JSON.stringify(spec)).toContain('text-align: justify');
    expect(indentNumberOf('4em')).toBe(2);
    expect(indentNumberOf('2em')).toBe(1);
    expect(indentNumberOf('30px')).toBe(0);
    expect(indentNumberOf('400em')).toBe(MAX_INDENT);
  });

  it('Tab indents a paragraph and Shift+Tab outdents it; in a list Tab is the list item\u2019s (nesting)', () => {
    const editor = editorWith([
      paragraph('text'),
      {
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [paragraph('a')] },
          { type: 'listItem', content: [paragraph('b')] },
        ],
      },
    ]);
    editor.commands.setTextSelection(2);
    expect(tabKey(editor, 'indent')).toBe(true);
    expect(blockAttrs(editor)[0]?.textIndentNumber).toBe(1);
    expect(tabKey(editor, 'outdent')).toBe(true);
    expect(blockAttrs(editor)[0]?.textIndentNumber).toBe(0);
    const inSecondItem = editor.state.doc.content.size - 3;
    editor.commands.setTextSelection(inSecondItem);
    expect(editor.isActive('listItem')).toBe(true);
    expect(tabKey(editor, 'indent')).toBe(false);
  });

  it('Tab types a tab inside a code block', () => {
    const editor = editorWith([{ type: 'codeBlock', content: [{ type: 'text', text: 'x' }] }]);
    editor.commands.setTextSelection(2);
    tabKey(editor, 'indent');
    expect(editor.state.doc.textContent).toBe('x\t');
  });
});
