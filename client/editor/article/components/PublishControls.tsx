import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { articlePath } from '../../../../shared/seoMeta';
import { useEditorRoot } from '../../EditorContext';

/**
 * Publish (or Unpublish) as an explicit action, a link to the live page once published, the share
 * links panel (create, revoke, copy) and the tags. Publishing is the same PATCH of `visibility` the
 * API always took (docs/specification/content-and-commerce.md §7); a first publication names the
 * article from its title (server/content/articleSlugs.ts).
 */
export const PublishControls = observer(function PublishControls() {
  const { editor, publish, t } = useEditorRoot();
  const isPublic = editor.visibility === 'public';
  useEffect(() => void publish.loadSubscribers(), [publish]);
  return (
    <div className="ze-publish">
      {isPublic && editor.slug ? (
        <a className="ze-view-published" href={articlePath(editor.slug)}>
          {t('viewPublished')}
        </a>
      ) : null}
      {isPublic ? (
        <button type="button" className="ze-button" title={t('unpublishTitle')} disabled={publish.busy} onClick={() => void publish.setVisibility('private')}>
          {t('unpublish')}
        </button>
      ) : (
        <>
          {/* Publishing may also mail the article to the author's newsletter subscribers (docs/decisions/072). */}
          <label className="ze-newsletter">
            <input type="checkbox" checked={publish.newsletter} disabled={publish.busy} onChange={(event) => publish.setNewsletter(event.target.checked)} />
            {t('newsletterToggle', { count: publish.subscribers ?? 0 })}
          </label>
          <button
            type="button"
            className="ze-button ze-button-primary ze-publish-button"
            title={t('publishTitle')}
            disabled={publish.busy}
            onClick={() => void publish.setVisibility('public')}
          >
            {t('publish')}
          </button>
        </>
      )}
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
