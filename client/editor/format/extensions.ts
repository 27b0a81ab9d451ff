import type { Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';

/** The editor's extensions (seed 001 §5). */
export function editorExtensions(options: { placeholder: string }): Extensions {
  void options;
  return [StarterKit];
}
