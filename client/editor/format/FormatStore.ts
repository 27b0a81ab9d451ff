import { makeAutoObservable } from 'mobx';
import type { EditorDeps } from '../EditorDeps';

/** The fonts and colours the toolbar offers. */
export class FormatStore {
  fonts: { font_name: string; web_font_url: string; local_font_name: string }[] = [];
  colors: string[] = [];

  constructor(private readonly deps: EditorDeps) {
    makeAutoObservable<FormatStore, 'deps'>(this, { deps: false });
  }

  async load(): Promise<void> {
    await Promise.resolve(this.deps);
  }
}
