import type { Editor } from '@tiptap/core';

/**
 * The toolbar and the context menu hand chosen images to the upload store through the
 * editor's element (they know the editor, not the store): `ImageUploadStore.attach`
 * listens for this event, and for paste and drop.
 */
export const IMAGE_FILES_EVENT = 'zine-editor-image-files';

/** Opens the file chooser for images and hands the chosen ones to the editor's uploads. */
export function chooseImages(editor: Editor): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = 'image/*';
  input.multiple = true;
  input.addEventListener('change', () => {
    const files = Array.from(input.files ?? []);
    if (files.length > 0) handImages(editor, files);
  });
  input.click();
}

/** Sends image files to the upload store attached to this editor. */
export function handImages(editor: Editor, files: File[]): void {
  editor.view.dom.dispatchEvent(new CustomEvent<File[]>(IMAGE_FILES_EVENT, { detail: files, bubbles: false }));
}
