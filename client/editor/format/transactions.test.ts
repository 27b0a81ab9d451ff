import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { editorExtensions } from './extensions';
import { replacesMuch } from './transactions';

const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

function editorWith(text: string): Editor {
  const editor = new Editor({
    element: null,
    extensions: editorExtensions({ placeholder: '' }),
    content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
  });
  editors.push(editor);
  return editor;
}

describe('replacesMuch', () => {
  it('is a new text or a long paste, never a keystroke or a selection', () => {
    const editor = editorWith('Hello');
    const { state, schema } = editor;
    expect(replacesMuch(state.tr.insertText('x', 2))).toBe(false);
    expect(replacesMuch(state.tr.setSelection(state.selection))).toBe(false);
    expect(replacesMuch(state.tr.insertText('y'.repeat(500), 2))).toBe(true);
    const paragraph = schema.nodes.paragraph?.create(null, schema.text('Another article'));
    if (!paragraph) throw new Error('no paragraph');
    expect(replacesMuch(state.tr.replaceWith(0, state.doc.content.size, paragraph))).toBe(true);
  });
});
