import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { EditorArticleListItem, SharedMark } from '../../../../shared/entities';
import { useEditorRoot } from '../../EditorContext';
import type { EditorTextKey } from '../../texts';
import { modifiedAgo } from './modifiedAgo';

const MARK_TEXT: Record<SharedMark, EditorTextKey> = { public: 'markPublic', share_link: 'markShareLink', booklet: 'markBooklet' };

/** The author's articles (or the trash) in the navigation panel. */
export const ArticleListView = observer(function ArticleListView({ onOpen }: { onOpen: (id: number) => void }) {
  const { list, editor, t, deps } = useEditorRoot();
  const more = useRef<HTMLButtonElement>(null);
  // Infinite list: the next page loads when the Load more button scrolls into view (the button stays for keyboards).
  useEffect(() => {
    const button = more.current;
    if (!button || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void list.loadMore();
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, [list, list.finished, list.trash, list.items.length]);
  return (
    <div className="ze-article-list">
      <div className="ze-list-actions">
        {!list.trash && (
          <button type="button" className="ze-button ze-button-primary" onClick={() => void editor.newArticle()}>
            {t('newArticle')}
          </button>
        )}
        <button type="button" className="ze-button" onClick={() => void list.showTrash(!list.trash)}>
          {list.trash ? t('backToArticles') : t('trash')}
        </button>
        {!list.trash && (
          <Link className="ze-button" to="/editor/stats/">
            {t('stats')}
          </Link>
        )}
      </div>
      {list.loaded && list.items.length === 0 && <p className="ze-muted">{list.trash ? t('emptyTrash') : t('emptyList')}</p>}
      <ul>
        {list.items.map((item) => (
          <ListItem key={item.id} item={item} current={item.id === editor.articleId} now={deps.now()} onOpen={onOpen} />
        ))}
      </ul>
      {!list.finished && (
        <button ref={more} type="button" className="ze-button ze-load-more" disabled={list.loading} onClick={() => void list.loadMore()}>
          {list.loading ? t('loading') : t('loadMore')}
        </button>
      )}
    </div>
  );
});

const ListItem = observer(function ListItem(props: { item: EditorArticleListItem; current: boolean; now: number; onOpen: (id: number) => void }) {
  const { list, t, deps } = useEditorRoot();
  const { item } = props;
  const modified = Date.parse(item.modified);
  return (
    <li className={props.current ? 'ze-list-item ze-list-item-current' : 'ze-list-item'} data-article-id={item.id}>
      <button type="button" className="ze-list-open" disabled={list.trash} onClick={() => props.onOpen(item.id)}>
        {item.cover_url && <img src={item.cover_url} alt="" width={48} height={48} loading="lazy" />}
        <span className="ze-list-text">
          <span className="ze-list-title">{item.title || t('untitled')}</span>
          {item.description && <span className="ze-list-description">{item.description}</span>}
          <span className="ze-list-meta">
            {Number.isFinite(modified) && <time dateTime={item.modified}>{modifiedAgo(modified, props.now, deps.locale)}</time>}
            {item.shared_marks.map((mark) => (
              <span key={mark} className={`ze-mark ze-mark-${mark}`}>
                {t(MARK_TEXT[mark])}
              </span>
            ))}
          </span>
        </span>
      </button>
      <span className="ze-list-item-actions">
        {!list.trash && (
          <Link className="ze-button" to={`/editor/stats/${item.id}/`} aria-label={t('statsOf', { title: item.title || t('untitled') })}>
            {t('stats')}
          </Link>
        )}
        {list.trash && (
          <button type="button" className="ze-button" onClick={() => void list.restore(item)}>
            {t('restore')}
          </button>
        )}
        <button type="button" className="ze-button ze-button-danger" onClick={() => void list.remove(item)}>
          {list.trash ? t('deleteForever') : t('delete')}
        </button>
      </span>
    </li>
  );
});
