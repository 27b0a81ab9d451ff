import type { EditorDeps } from '../EditorDeps';

/** The booklets panel of the editor (seed 001 §4): list, forms, tree, trash. */
export class BookletManagerStore {
  constructor(readonly deps: EditorDeps) {}
}
