import { Extension, type CommandProps, type Editor } from '@tiptap/core';

/** How far one indent step moves a block's first line, in em (two characters of CJK text). */
export const INDENT_EM = 2;
/** The deepest indent: beyond it the first line would leave a phone's column. */
export const MAX_INDENT = 8;

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    textIndent: {
      /** One step deeper for the blocks of the selection. */
      indent: () => ReturnType;
      /** One step back for the blocks of the selection. */
      outdent: () => ReturnType;
    };
  }
}

/** The indent number of a block's `text-indent` (`4em` is 2); 0 for none or another unit. */
export function indentNumberOf(textIndent: string): number {
  const match = /^(\d+(?:\.\d+)?)em$/.exec(textIndent.trim());
  if (!match?.[1]) return 0;
  return clampIndent(Math.round(Number(match[1]) / INDENT_EM));
}

export function clampIndent(value: number): number {
  return Math.min(MAX_INDENT, Math.max(0, Math.trunc(value)));
}

/**
 * docs/specification/content-and-commerce.md §3 `textIndentNumber`: paragraphs and headings carry an indent number, drawn
 * as `text-indent` in em. Tab indents and Shift+Tab outdents, except inside a list,
 * where the list item's own Tab nests (this extension lets it through) and inside a code
 * block, where Tab types a tab.
 */
export const TextIndent = Extension.create<{ types: string[] }>({
  name: 'textIndent',

  addOptions() {
    return { types: ['paragraph', 'heading'] };
  },

  addGlobalAttributes() {
    return [
      {
        types: this.options.types,
        attributes: {
          textIndentNumber: {
            default: 0,
            parseHTML: (element) => indentNumberOf(element.style.textIndent),
            renderHTML: (attributes) => {
              const value = clampIndent(Number(attributes.textIndentNumber) || 0);
              return value > 0 ? { style: `text-indent: ${value * INDENT_EM}em` } : {};
            },
          },
        },
      },
    ];
  },

  addCommands() {
    return {
      indent: () => (props) => shiftIndent(props, this.options.types, 1),
      outdent: () => (props) => shiftIndent(props, this.options.types, -1),
    };
  },

  addKeyboardShortcuts() {
    return {
      Tab: () => tabKey(this.editor, 'indent'),
      'Shift-Tab': () => tabKey(this.editor, 'outdent'),
    };
  },
});

export function tabKey(editor: Editor, direction: 'indent' | 'outdent'): boolean {
  if (editor.isActive('listItem')) return false;
  if (editor.isActive('codeBlock')) return direction === 'indent' ? editor.commands.command(({ tr }) => Boolean(tr.insertText('\t'))) : true;
  if (direction === 'indent') editor.commands.indent();
  else editor.commands.outdent();
  // Tab never leaves the document for the next control while writing.
  return true;
}

function shiftIndent(props: CommandProps, types: string[], step: number): boolean {
  const { tr, state, dispatch } = props;
  const { from, to } = state.selection;
  let changed = false;
  state.doc.nodesBetween(from, to, (node, pos) => {
    if (!types.includes(node.type.name)) return true;
    const current = clampIndent(Number(node.attrs.textIndentNumber) || 0);
    const next = clampIndent(current + step);
    if (next !== current) {
      // The command manager dispatches `tr`; a dry run (can()) only asks.
      if (dispatch) tr.setNodeMarkup(pos, undefined, { ...node.attrs, textIndentNumber: next });
      changed = true;
    }
    return false;
  });
  return changed;
}
