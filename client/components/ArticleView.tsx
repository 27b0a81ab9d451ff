import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { ArticleDetail } from '../../shared/entities';
import { scriptLanguage } from '../../shared/readingScript';
import { backgroundOf, themeOf } from '../../shared/themes';
import { useStores } from '../stores/context';
import { CommentPanel } from './CommentPanel';
import { ScriptToggle } from './ScriptToggle';
import { NewsletterButton } from './NewsletterButton';
import { photosIn } from './ArticleViewPhotos';
import { watchLazyImagesIn } from '../images/watchLazyImagesIn';
import { deferImages } from '../../shared/deferredImages';
import { AuthorLink } from './AuthorLink';
import { RelativeTime } from './RelativeTime';

/** The cover's box before it loads: covers are cut 2:1 (1080 x 540). */
const COVER_WIDTH = 1080;
const COVER_HEIGHT = 540;

interface ArticleViewProps {
  article: ArticleDetail;
  /** Shown above the sheet (the review page's preview banner). */
  banner?: ReactNode;
  /** Replaces the body (a paywall prompt, say); the content HTML otherwise. */
  body?: ReactNode;
  /** Shown after the body (the booklet a chapter belongs to, and its neighbours). */
  after?: ReactNode;
  /** Reports the reader's read of the article once (client/tracking/readBeacon.ts): the article page's, not a preview's. */
  countsRead?: boolean;
}

/**
 * An article as its reader sees it (docs/specification/content-and-commerce.md §2), for the article page and its review
 * page: the theme's own stylesheet and background, title, author line with follow,
 * relative date, cover, body, actions and comments. Any image opens the photo viewer.
 */
export const ArticleView = observer(function ArticleView({ article, banner, body, after, countsRead }: ArticleViewProps) {
  const stores = useStores();
  const { env, account, photos } = stores;
  const sheet = useRef<HTMLElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const theme = themeOf(article.theme);
  const background = backgroundOf(article.style);
  // Browsers get the body's images deferred to the 50 px rule (docs/specification/shell.md §9); crawlers as they are.
  // A body read back from the server's page (decision 053) is already in that form.
  const rendered = stores.article.renderedContent;
  const content = useMemo(
    () => (env.crawler || article.content === rendered ? article.content : deferImages(article.content)),
    [env.crawler, article.content, rendered],
  );

  // Content images come as HTML: after hydration they become keyboard-reachable buttons.
  useEffect(() => {
    for (const image of sheet.current?.querySelectorAll<HTMLImageElement>('.article__content img') ?? []) {
      image.tabIndex = 0;
      image.setAttribute('role', 'button');
    }
  }, [article.content]);

  // The reader's read, once they reached the end or stayed (docs/decisions/074): its code loads after hydration, out of the reader chunk.
  useEffect(() => {
    const target = end.current;
    if (!countsRead || !target) return;
    let stop: (() => void) | undefined;
    let live = true;
    void import('../tracking/readBeacon').then(
      ({ watchArticleRead }) => {
        if (live) stop = watchArticleRead(target, stores.api, article.id);
      },
      () => undefined,
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [article.id, countsRead, stores.api]);

  // Images marked data-lazy-src (media-host images) load 50 px ahead, resized (docs/specification/shell.md §9).
  useEffect(() => watchLazyImagesIn(sheet.current, env.mediaHosts), [article.content, env.mediaHosts]);

  // The other Chinese script (decision 038): the article read again in place, with the share code that opened it, and retitled.
  const reload = async () => {
    await stores.article.refresh(new URLSearchParams(window.location.search).get('share'));
    const { current } = stores.article;
    const meta = stores.ui.pageMeta;
    if (current && meta) stores.ui.setPageMeta({ ...meta, title: current.title.trim() || meta.title });
  };

  const openPhoto = (image: HTMLImageElement) => {
    const container = sheet.current;
    if (!container) return;
    const { list, index } = photosIn(container, image);
    photos.open(list, index);
  };
  const onContentClick = (event: MouseEvent<HTMLElement>) => {
    if (!(event.target instanceof HTMLImageElement)) return;
    // An image inside a link follows the link.
    if (event.target.closest('a')) return;
    event.preventDefault();
    openPhoto(event.target);
  };
  const onContentKey = (event: KeyboardEvent<HTMLElement>) => {
    if ((event.key === 'Enter' || event.key === ' ') && event.target instanceof HTMLImageElement) {
      event.preventDefault();
      openPhoto(event.target);
    }
  };

  const classes = ['article', `article--${theme.name}`, background ? `article--bg-${background}` : ''].filter(Boolean).join(' ');
  return (
    <main className={classes} lang={scriptLanguage(article.language, article.script)}>
      {/* React hoists the theme's sheet and holds the page until it has loaded; one theme a page. */}
      <link rel="stylesheet" href={theme.css} precedence="theme" />
      {banner}
      <article className="article__sheet" ref={sheet}>
        <header className="article__header">
          <h1 className="article__title">{article.title}</h1>
          <p className="article__byline">
            <AuthorLink author={article.author} className="article__author" />
            {account.username === article.author.username ? null : <FollowButton article={article} />}
            <NewsletterButton
              author={article.author.username}
              following={article.author.follow_status !== null}
              follow={() => stores.article.setFollowingAuthor(true)}
              className="article__newsletter"
            />
            <span aria-hidden="true"> · </span>
            <RelativeTime at={article.modified} />
            <span aria-hidden="true"> · </span>
            <span>{env.t('article.words', { count: article.word_count })}</span>
          </p>
          <ScriptToggle language={article.language} script={article.script} reload={reload} />
        </header>
        {article.cover_url ? (
          <button
            type="button"
            className="article__cover-button"
            aria-label={env.t('viewer.openCover')}
            onClick={(event) => {
              const image = event.currentTarget.querySelector('img');
              if (image) openPhoto(image);
            }}
          >
            <img className="article__cover" src={article.cover_url} alt="" width={COVER_WIDTH} height={COVER_HEIGHT} />
          </button>
        ) : null}
        {body ?? (
          // Sanitised against the allow-list by the backend, on save and on the way out.
          <div
            className="article__content"
            data-article-body=""
            onClick={onContentClick}
            onKeyDown={onContentKey}
            dangerouslySetInnerHTML={{ __html: content }}
          />
        )}
        {after}
        <div ref={end} className="article__end" aria-hidden="true" />
        <ArticleActions article={article} />
        <CommentPanel slug={article.slug} initialCount={article.comment_count} />
      </article>
    </main>
  );
});

const FollowButton = observer(function FollowButton({ article }: { article: ArticleDetail }) {
  const stores = useStores();
  const { env } = stores;
  const status = article.author.follow_status;
  return (
    <button
      type="button"
      className="button button--small article__follow"
      aria-pressed={status !== null}
      onClick={() => (status ? void stores.article.setFollowingAuthor(false) : void stores.perform({ kind: 'follow', username: article.author.username }))}
    >
      {status === 'bidirectional' ? env.t('article.mutual') : status === 'following' ? env.t('article.following') : env.t('article.follow')}
    </button>
  );
});

const ArticleActions = observer(function ArticleActions({ article }: { article: ArticleDetail }) {
  const stores = useStores();
  const { env } = stores;
  return (
    <footer className="article__actions">
      <button
        type="button"
        className="button"
        aria-pressed={article.thumb_up_status}
        onClick={() => (article.thumb_up_status ? void stores.article.setLiked(false) : void stores.perform({ kind: 'like', slug: article.slug }))}
      >
        {article.thumb_up_status ? env.t('article.liked') : env.t('article.like')} · {article.thumb_up_count}
      </button>
      <button
        type="button"
        className="button"
        aria-pressed={article.favorite_status}
        onClick={() => (article.favorite_status ? void stores.article.setFavorite(false) : void stores.perform({ kind: 'favorite', slug: article.slug }))}
      >
        {article.favorite_status ? env.t('article.favorited') : env.t('article.favorite')} · {article.favorite_count}
      </button>
    </footer>
  );
});
