import { createContext, useContext, type ReactNode } from 'react';
import type { EditorRoot } from './EditorRoot';

const EditorRootContext = createContext<EditorRoot | null>(null);

export function EditorRootProvider({ root, children }: { root: EditorRoot; children: ReactNode }) {
  return <EditorRootContext.Provider value={root}>{children}</EditorRootContext.Provider>;
}

/** The editor's stores, inside the editor page. */
export function useEditorRoot(): EditorRoot {
  const root = useContext(EditorRootContext);
  if (!root) throw new Error('useEditorRoot() outside <EditorRootProvider>');
  return root;
}
