import type { Editor } from '@tiptap/react';
import { makeAutoObservable } from 'mobx';
import type { EditorDeps } from '../EditorDeps';

export interface UploadTarget {
  articleId(): number | null;
  onUpgrade(): void;
}

/** Image uploads of the editor (seed 001 §5, §8). */
export class ImageUploadStore {
  constructor(
    private readonly deps: EditorDeps,
    private readonly target: UploadTarget,
  ) {
    makeAutoObservable<ImageUploadStore, 'deps' | 'target'>(this, { deps: false, target: false });
  }

  async uploadFiles(files: File[], editor: Editor): Promise<void> {
    void files;
    void editor;
    await Promise.resolve();
  }

  async uploadCover(file: File): Promise<string | null> {
    void file;
    return Promise.resolve(null);
  }
}
