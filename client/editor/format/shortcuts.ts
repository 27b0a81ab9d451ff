import { Extension } from '@tiptap/core';

/**
 * docs/specification/content-and-commerce.md §5 alignment keys: Ctrl/Cmd+L, R, E, J align left, right, centre and full
 * (Tiptap's own use Shift). Bold, italic, underline, Ctrl/Cmd+Shift+S strike, undo and
 * redo come with their extensions; Tab and Shift+Tab with the indent.
 */
export const AlignmentShortcuts = Extension.create({
  name: 'alignmentShortcuts',

  addKeyboardShortcuts() {
    return {
      'Mod-l': () => this.editor.commands.setTextAlign('left'),
      'Mod-r': () => this.editor.commands.setTextAlign('right'),
      'Mod-e': () => this.editor.commands.setTextAlign('center'),
      'Mod-j': () => this.editor.commands.setTextAlign('justify'),
    };
  },
});
