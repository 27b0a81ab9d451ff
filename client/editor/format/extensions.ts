import type { Extensions } from '@tiptap/core';
import TextAlign from '@tiptap/extension-text-align';
import { TextStyleKit } from '@tiptap/extension-text-style';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import { EditorImage } from '../images/imageNode';
import { TextIndent } from './indent';
import { AlignmentShortcuts } from './shortcuts';

/**
 * The editor's extensions (docs/specification/content-and-commerce.md §3 text style, §5 shortcuts): StarterKit (marks,
 * paragraph types, lists, undo/redo), colour, font family and size on text style,
 * alignment defaulting to justify, the indent, images, and the placeholder.
 */
export function editorExtensions(options: { placeholder: string }): Extensions {
  return [
    StarterKit.configure({
      // The sanitiser keeps no link targets other than http(s)/mailto; links stay as typed.
      link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      heading: { levels: [1, 2, 3] },
    }),
    TextStyleKit.configure({ backgroundColor: false, lineHeight: false }),
    TextAlign.configure({ types: ['heading', 'paragraph'], defaultAlignment: 'justify' }),
    TextIndent,
    AlignmentShortcuts,
    EditorImage,
    Placeholder.configure({ placeholder: options.placeholder }),
  ];
}
