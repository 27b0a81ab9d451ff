import { useEditorState, type Editor } from '@tiptap/react';
import { observer } from 'mobx-react-lite';
import { useEditorRoot } from '../../EditorContext';
import { FormatToolbar } from '../../format/FormatToolbar';
import { LookControls } from '../../look/LookControls';
import { PdfExportButton } from '../../pdf/PdfExportButton';
import { PublishControls } from './PublishControls';
import { SaveStatusText } from './SaveStatusText';
import { IconButton } from '../../IconButton';

/** The top bar: navigation toggle, save status, undo/redo, the format toolbar, look, PDF, publishing. */
export const TopBar = observer(function TopBar({ editor }: { editor: Editor | null }) {
  const root = useEditorRoot();
  const { t, look } = root;
  const history = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      canUndo: current?.can().undo() ?? false,
      canRedo: current?.can().redo() ?? false,
    }),
  });
  return (
    <div className="ze-topbar" role="toolbar" aria-label={t('navigation')}>
      <div className="ze-topbar-row">
        <IconButton label={t('navigation')} pressed={look.navigationOpen} onPress={() => look.toggleNavigation()}>
          ☰
        </IconButton>
        <SaveStatusText />
        <IconButton label={t('undo')} disabled={!history?.canUndo} onPress={() => editor?.chain().focus().undo().run()}>
          ↶
        </IconButton>
        <IconButton label={t('redo')} disabled={!history?.canRedo} onPress={() => editor?.chain().focus().redo().run()}>
          ↷
        </IconButton>
        <button
          type="button"
          className="ze-button"
          disabled={!root.editor.hasUnsavedChanges && root.editor.status === null}
          onClick={() => void root.editor.save('save')}
        >
          {t('save')}
        </button>
        <button
          type="button"
          className="ze-button"
          aria-expanded={root.history.open}
          disabled={root.editor.articleId === null}
          title={root.editor.articleId === null ? root.history.t('saveFirst') : root.history.t('title')}
          onClick={() => (root.history.open ? root.history.close() : void root.history.show())}
        >
          {root.history.t('history')}
        </button>
        <span className="ze-topbar-spacer" />
        <LookControls store={look} />
        <PdfExportButton store={root.pdf} articleId={root.editor.articleId} />
        <PublishControls />
      </div>
      <div className="ze-topbar-row ze-format-slot">
        <FormatToolbar editor={editor} store={root.format} />
      </div>
    </div>
  );
});
