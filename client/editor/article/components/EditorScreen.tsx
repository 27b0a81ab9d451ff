import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useStores } from '../../../stores/context';
import { DialogView } from '../../dialogs/DialogView';
import { HistoryPanel } from '../../history/HistoryPanel';
import { EditorRootProvider, useEditorRoot } from '../../EditorContext';
import { EditorRoot, tabClientId } from '../../EditorRoot';
import { PhoneVerifyPrompt } from '../../prompts/PhoneVerifyPrompt';
import { UpgradePrompt } from '../../prompts/UpgradePrompt';
import { TipsStore } from '../../tips/TipsStore';
import { TipsView } from '../../tips/TipsView';
import { browserDraftStorage } from '../LocalDraftStore';
import { DocumentArea } from './DocumentArea';
import { NavigationPanel } from './NavigationPanel';
import { TopBar } from './TopBar';
import { useArticleEditor } from './useArticleEditor';

/** docs/specification/content-and-commerce.md §4: the update check runs on focus, when the tab shows again, and every minute. */
const UPDATE_CHECK_MS = 60_000;
const ARTICLE_PARAM = 'article';

/** The whole editor, loaded after hydration as its own chunk (Tiptap lives here, never on reader pages). */
export default function EditorScreen() {
  const stores = useStores();
  const [root] = useState(
    () =>
      new EditorRoot(
        { api: stores.api, tips: new TipsStore(), locale: stores.env.textLocale, now: () => Date.now() },
        {
          quietApi: stores.quietApi,
          clientId: tabClientId(),
          draftStorage: browserDraftStorage(),
          lists: stores.pages,
        },
      ),
  );
  useEditorLifecycle(root);
  return (
    <EditorRootProvider root={root}>
      <EditorLayout />
    </EditorRootProvider>
  );
}

const EditorLayout = observer(function EditorLayout() {
  const root = useEditorRoot();
  const editor = useArticleEditor(root.editor, root.t('contentPlaceholder'));
  const frame = useTopBarHeight();
  return (
    <div ref={frame} className={root.look.immersive ? 'ze-root ze-immersive' : 'ze-root'} data-editor-ready="true">
      <TipsView store={root.deps.tips} closeLabel={root.t('close')} />
      {/* Every part of the page in a landmark: the tools in a region of their own. */}
      <section className="ze-topbar-frame" aria-label={root.t('tools')}>
        <TopBar editor={editor} />
      </section>
      <div className="ze-body">
        <NavigationPanel
          onOpen={(id) => {
            if (isNarrow()) root.look.setNavigationOpen(false);
            void root.editor.load(id);
          }}
        />
        <DocumentArea editor={editor} />
      </div>
      <HistoryPanel store={root.history} locale={root.deps.locale} />
      <DialogView store={root.dialogs} />
      <UpgradePrompt store={root.prompts} />
      <PhoneVerifyPrompt store={root.prompts} />
    </div>
  );
});

/** Start, the article in the address, local copies on unload, retries when back online, the update check. */
function useEditorLifecycle(root: EditorRoot): void {
  useEffect(() => {
    const { editor } = root;
    // On a phone the panel covers the document: it starts closed there.
    if (isNarrow()) root.look.setNavigationOpen(false);
    const requested = Number(new URLSearchParams(window.location.search).get(ARTICLE_PARAM));
    void editor.start(Number.isInteger(requested) && requested > 0 ? requested : null).then(() => {
      // An article that could not open (not found, not yours) leaves the address.
      if (editor.articleId === null && requested) replaceArticleParam(null);
    });
    void root.list.reload();
    void root.format.load().catch(() => {});

    const keepAddress = reaction(() => editor.articleId, replaceArticleParam);
    const beforeUnload = (event: BeforeUnloadEvent) => {
      editor.flush();
      if (!editor.hasUnsavedChanges) return;
      event.preventDefault();
      event.returnValue = root.t('leaveWarning');
    };
    const check = () => void editor.checkForUpdate();
    const visibility = () => {
      if (document.visibilityState === 'hidden') editor.flush();
      else check();
    };
    const online = () => editor.online();
    const pageHide = () => editor.flush();
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('pagehide', pageHide);
    window.addEventListener('focus', check);
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visibility);
    const timer = window.setInterval(check, UPDATE_CHECK_MS);
    return () => {
      keepAddress();
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('pagehide', pageHide);
      window.removeEventListener('focus', check);
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visibility);
      window.clearInterval(timer);
      // Leaving the page inside the app: one last save (the local copy stays until it is confirmed).
      editor.flush();
      if (editor.hasUnsavedChanges) void editor.save();
      root.dispose();
    };
  }, [root]);
}

/** The open article in the address (replaced, not pushed: Back leaves the editor). */
function replaceArticleParam(id: number | null): void {
  const url = new URL(window.location.href);
  if (id === null) url.searchParams.delete(ARTICLE_PARAM);
  else url.searchParams.set(ARTICLE_PARAM, String(id));
  window.history.replaceState(window.history.state, '', url);
}

/** Keeps --ze-topbar-height on the editor's frame, so the navigation panel sticks just under the top bar. */
function useTopBarHeight() {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = frame.current;
    const bar = root?.querySelector<HTMLElement>('.ze-topbar');
    if (!root || !bar || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => root.style.setProperty('--ze-topbar-height', `${bar.offsetHeight}px`));
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
  return frame;
}

/** The layout's phone breakpoint (editor.css). */
function isNarrow(): boolean {
  return window.matchMedia('(max-width: 800px)').matches;
}
