import Image from '@tiptap/extension-image';

/**
 * The editor's image: Tiptap's block image with the upload it is waiting for. While an
 * image uploads it shows its local blob URL and carries `uploadId` (drawn as
 * `data-upload-id`, which the server's sanitiser drops, so it never reaches a reader).
 */
export const EditorImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      uploadId: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-upload-id'),
        renderHTML: (attributes) => (typeof attributes.uploadId === 'string' ? { 'data-upload-id': attributes.uploadId } : {}),
      },
    };
  },
}).configure({ inline: false, allowBase64: false });
