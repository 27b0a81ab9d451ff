import { observer } from 'mobx-react-lite';
import { useEditorRoot } from '../../EditorContext';

/** docs/specification/content-and-commerce.md §4: modified, saving, or (null) nothing to say; a save that did not arrive says the work is on the device. */
export const SaveStatusText = observer(function SaveStatusText() {
  const { editor, t } = useEditorRoot();
  const text =
    editor.status === 'saving'
      ? t('statusSaving')
      : editor.problem === 'offline'
        ? t('statusOffline')
        : editor.problem === 'failed'
          ? t('statusFailed')
          : editor.status === 'modified'
            ? t('statusModified')
            : editor.articleId !== null
              ? t('statusSaved')
              : '';
  return (
    <span className="ze-save-status" data-status={editor.status ?? 'null'} data-problem={editor.problem ?? 'none'} role="status" aria-live="polite">
      {text}
    </span>
  );
});
