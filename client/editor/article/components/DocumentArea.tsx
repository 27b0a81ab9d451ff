import { EditorContent, type Editor } from '@tiptap/react';
import { observer } from 'mobx-react-lite';
import { useEditorRoot } from '../../EditorContext';
import { EditorContextMenu } from '../../format/ContextMenu';
import { TitleImagePanel } from '../../images/TitleImagePanel';

/** The document: title image, title, description and the Tiptap content, styled with the article's theme. */
export const DocumentArea = observer(function DocumentArea({ editor }: { editor: Editor | null }) {
  const root = useEditorRoot();
  const { editor: store, t } = root;
  return (
    <main className="ze-document-wrap" aria-busy={store.loading}>
      <h1 className="visually-hidden">{t('heading')}</h1>
      <article className={`ze-document ${root.look.documentClassName}`}>
        <TitleImagePanel store={root.images} coverUrl={store.fields.cover_url} onChange={(url) => store.change({ cover_url: url })} />
        <input
          className="ze-title"
          value={store.fields.title}
          placeholder={t('titlePlaceholder')}
          aria-label={t('titlePlaceholder')}
          maxLength={200}
          readOnly={store.loading}
          onChange={(event) => store.change({ title: event.target.value })}
        />
        <textarea
          className="ze-description"
          value={store.fields.description}
          placeholder={t('descriptionPlaceholder')}
          aria-label={t('descriptionPlaceholder')}
          maxLength={500}
          rows={2}
          readOnly={store.loading}
          onChange={(event) => store.change({ description: event.target.value })}
        />
        <EditorContent editor={editor} className="ze-content-wrap" onCopy={() => root.format.noteCopied()} />
        <EditorContextMenu editor={editor} store={root.format} />
      </article>
      {store.loading && <div className="ze-frozen" aria-hidden="true" />}
    </main>
  );
});
