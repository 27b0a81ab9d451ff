import type { Editor } from '@tiptap/core';
import { useEffect } from 'react';
import { useEditorRoot } from '../EditorContext';

/**
 * Connects the document's editor to the image uploads (paste, drop, the toolbar's and
 * the context menu's chosen images, remote images that fail to load). Used by the
 * document's context menu, which every editor page mounts; attaching twice is harmless.
 */
export function useImageUploads(editor: Editor | null): void {
  const { images } = useEditorRoot();
  useEffect(() => {
    if (!editor) return;
    return images.attach(editor);
  }, [editor, images]);
}
