import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useEditorRoot } from '../../EditorContext';

/** Public/private toggle, the share links panel (create, revoke, copy) and the tags. */
export const PublishControls = observer(function PublishControls() {
  const { editor, publish, t } = useEditorRoot();
  const isPublic = editor.visibility === 'public';
  return (
    <div className="ze-publish">
      <button
        type="button"
        className={isPublic ? 'ze-button ze-visibility ze-visibility-public' : 'ze-button ze-visibility'}
        aria-pressed={isPublic}
        title={isPublic ? t('makePrivate') : t('makePublic')}
        disabled={publish.busy}
        onClick={() => void publish.setVisibility(isPublic ? 'private' : 'public')}
      >
        {isPublic ? t('visibilityPublic') : t('visibilityPrivate')}
      </button>
      <button type="button" className="ze-button" aria-expanded={publish.panelOpen} onClick={() => publish.togglePanel()}>
        {t('shareLinks')}
      </button>
      {publish.panelOpen && <SharePanel />}
    </div>
  );
});

const SharePanel = observer(function SharePanel() {
  const { editor, publish, t } = useEditorRoot();
  const [tag, setTag] = useState('');
  return (
    <div className="ze-share-panel" role="dialog" aria-label={t('shareLinks')}>
      <h3>{t('shareLinks')}</h3>
      {editor.articleId === null ? (
        <p className="ze-muted">{t('publishNeedsSave')}</p>
      ) : (
        <>
          <button type="button" className="ze-button ze-button-primary" disabled={publish.busy} onClick={() => void publish.createLink()}>
            {t('createShareLink')}
          </button>
          {publish.links.length === 0 ? (
            <p className="ze-muted">{t('noShareLinks')}</p>
          ) : (
            <ul className="ze-share-links">
              {publish.links.map((link) => (
                <li key={link.code}>
                  <input readOnly value={link.url} aria-label={t('shareLinks')} onFocus={(event) => event.currentTarget.select()} />
                  <button type="button" className="ze-button" onClick={() => void publish.copy(link.url)}>
                    {t('copyLink')}
                  </button>
                  <button type="button" className="ze-button ze-button-danger" disabled={publish.busy} onClick={() => void publish.revokeLink(link.code)}>
                    {t('revokeShareLink')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <h3>{t('tags')}</h3>
      <ul className="ze-tags">
        {editor.tags.map((name) => (
          <li key={name}>
            {name}
            <button type="button" aria-label={t('removeTag', { tag: name })} onClick={() => void publish.removeTag(name)}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        className="ze-tag-input"
        value={tag}
        maxLength={40}
        placeholder={t('tagsPlaceholder')}
        aria-label={t('tags')}
        onChange={(event) => setTag(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          void publish.addTag(tag);
          setTag('');
        }}
      />
    </div>
  );
});
