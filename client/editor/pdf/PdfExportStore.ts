import { action, makeObservable, observable } from 'mobx';
import type { EditorDeps } from '../EditorDeps';

/** The PDF export of the article being edited (seed 001 §7, item 9 of issue 7). */
export class PdfExportStore {
  status: '' | 'pending' | 'processing' | 'success' | 'failed' = '';

  constructor(private readonly deps: EditorDeps) {
    makeObservable(this, { status: observable, reset: action });
  }

  get locale() {
    return this.deps.locale;
  }

  reset(): void {
    this.status = '';
  }
}
