import type { Editor } from '@tiptap/react';
import type { FormatStore } from './FormatStore';

export function EditorContextMenu(props: { editor: Editor | null; store: FormatStore }) {
  void props;
  return null;
}
