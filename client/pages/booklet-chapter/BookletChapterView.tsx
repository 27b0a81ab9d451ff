import { observer } from 'mobx-react-lite';
import type { BookletDetail, BookletItemDetail } from '../../../shared/entities';
import { scriptLanguage } from '../../../shared/readingScript';
import { backgroundOf, themeOf } from '../../../shared/themes';
import { BookletPurchasePrompt } from '../../components/BookletPurchasePrompt';
import { CommentPanel } from '../../components/CommentPanel';
import { ScriptToggle } from '../../components/ScriptToggle';
import { useStores } from '../../stores/context';
import { BookletPager } from './BookletPager';
import { AuthorLink } from '../../components/AuthorLink';
import { RelativeTime } from '../../components/RelativeTime';

/**
 * A chapter in its article's theme and background, with the chapter's comment panel. Locked,
 * the purchase prompt stands in for the content, which the server never sent.
 */
export const BookletChapterView = observer(function BookletChapterView({ booklet, item }: { booklet: BookletDetail; item: BookletItemDetail }) {
  const stores = useStores();
  const { env } = stores;
  const article = item.detail;
  if (!article) return null;
  const theme = themeOf(article.theme);
  const background = backgroundOf(article.style);
  const classes = ['article', 'booklet-chapter', `article--${theme.name}`, background ? `article--bg-${background}` : ''].filter(Boolean).join(' ');
  const paywall = item.locked ? article.paywall : null;
  return (
    <div className={classes} lang={scriptLanguage(article.language, article.script)}>
      {/* React hoists the theme's sheet; one theme a page. */}
      <link rel="stylesheet" href={theme.css} precedence="theme" />
      <article className="article__sheet">
        <header className="article__header">
          <p className="booklet-chapter__booklet">{booklet.name}</p>
          <h1 className="article__title">{item.title}</h1>
          <p className="article__byline">
            <AuthorLink author={article.author} className="article__author" />
            <span aria-hidden="true"> · </span>
            <RelativeTime at={article.modified} />
            <span aria-hidden="true"> · </span>
            <span>{env.t('article.words', { count: article.word_count })}</span>
          </p>
          {/* The chapter in the other Chinese script (decision 038): the booklet and the chapter read again. */}
          <ScriptToggle language={article.language} script={article.script} reload={() => stores.booklet.refresh()} />
        </header>
        {paywall ? (
          <BookletPurchasePrompt paywall={paywall} from="chapter" />
        ) : (
          // Sanitised against the allow-list by the backend, on save and on the way out.
          <div className="article__content" data-article-body="" dangerouslySetInnerHTML={{ __html: article.content }} />
        )}
        <BookletPager slug={booklet.slug} previous={item.previous} next={item.next} />
        <CommentPanel slug={article.slug} initialCount={article.comment_count} />
      </article>
    </div>
  );
});
