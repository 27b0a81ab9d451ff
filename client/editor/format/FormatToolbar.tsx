import type { Editor } from '@tiptap/react';
import type { FormatStore } from './FormatStore';

export function FormatToolbar(props: { editor: Editor | null; store: FormatStore }) {
  void props;
  return <div className="format-toolbar" />;
}
