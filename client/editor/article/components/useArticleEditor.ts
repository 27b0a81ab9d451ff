import { EditorState } from '@tiptap/pm/state';
import { useEditor, type Editor } from '@tiptap/react';
import { reaction } from 'mobx';
import { useCallback, useEffect, useRef } from 'react';
import { editorExtensions } from '../../format/extensions';
import type { EditorStore } from '../EditorStore';
import { countWords } from '../wordCount';

/**
 * Keystrokes are handed to the store once typing pauses this long (and at least this often
 * while it goes on): serialising a long article costs more than a frame, so it must not run
 * between two keys of a word.
 */
export const VIEW_IDLE_MS = 600;
export const VIEW_MAX_WAIT_MS = 4000;

/**
 * The Tiptap editor of the document, mounted after hydration (immediatelyRender: false),
 * bound to the store: typing marks the article modified at once and hands the text over
 * when typing pauses (and before any save, switch or unload); a text replaced from outside
 * (load, update check, conflict) resets the view and its history.
 */
export function useArticleEditor(store: EditorStore, placeholder: string): Editor | null {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<Editor | null>(null);
  const pendingSince = useRef(0);

  // Reads refs and the store only: the same function while the store is the same.
  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const editor = pending.current;
    pending.current = null;
    if (!editor || editor.isDestroyed) return;
    const content = editor.getHTML();
    if (content === store.fields.content) return;
    store.change({ content, word_count: countWords(editor.getText()) });
  }, [store]);

  const editor = useEditor({
    extensions: editorExtensions({ placeholder }),
    immediatelyRender: false,
    // The strict CSP refuses injected <style>: the base styles are in editor.css.
    injectCSS: false,
    shouldRerenderOnTransaction: false,
    content: store.fields.content,
    editable: !store.loading,
    editorProps: { attributes: { class: 'ze-content', 'aria-label': placeholder, spellcheck: 'true' } },
    onUpdate: ({ editor: current }) => {
      store.markModified();
      if (!pending.current) pendingSince.current = Date.now();
      pending.current = current;
      if (timer.current) clearTimeout(timer.current);
      const waited = Date.now() - pendingSince.current;
      timer.current = setTimeout(flush, Math.max(0, Math.min(VIEW_IDLE_MS, VIEW_MAX_WAIT_MS - waited)));
    },
  });

  useEffect(() => {
    store.setViewFlusher(flush);
    return () => store.setViewFlusher(() => {});
  }, [store, flush]);

  useEffect(() => {
    if (!editor) return;
    const disposeContent = reaction(
      () => store.contentVersion,
      () => {
        pending.current = null;
        if (timer.current) clearTimeout(timer.current);
        timer.current = null;
        const scrollY = window.scrollY;
        editor.commands.setContent(store.fields.content, { emitUpdate: false });
        // A new text starts a new history: undo must not step back into another version.
        editor.view.updateState(EditorState.create({ doc: editor.state.doc, plugins: editor.state.plugins }));
        if (store.keepScroll) window.scrollTo(0, scrollY);
      },
    );
    const disposeEditable = reaction(
      () => store.loading,
      (loading) => editor.setEditable(!loading, false),
      { fireImmediately: true },
    );
    return () => {
      disposeContent();
      disposeEditable();
    };
  }, [editor, store]);

  useEffect(() => () => flush(), [flush]);
  return editor;
}
