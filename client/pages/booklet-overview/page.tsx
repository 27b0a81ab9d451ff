import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { readingOrder } from '../../../shared/bookletTree';
import { guessLanguage } from '../../../shared/contentLanguage';
import { formatPrice } from '../../../shared/price';
import { bookletChapterPath } from '../../components/BookletLinks';
import { ColumnLink } from '../../platform/ColumnLink';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';
import { bookletOverviewMeta } from '../booklet/meta';
import { BookletRatings } from './BookletRatings';

/** The booklet and the first page of its ratings, both in the server's page. */
export async function loader({ stores, params, request }: PageLoaderArgs): Promise<void> {
  const slug = params.slug ?? '';
  const booklet = await stores.booklet.load(slug);
  await stores.booklet.loadRatings(slug);
  stores.ui.setPageMeta(bookletOverviewMeta(request, booklet));
}

/** The overview section (the booklet's default): cover, name, heading, description, owner, chapters, price, ratings. */
export default observer(function BookletOverviewPage() {
  const stores = useStores();
  const { booklet, env } = stores;
  const current = booklet.current;
  if (!current) return null;
  const chapters = readingOrder(current.children);
  const first = chapters[0];
  const locked = chapters.some((chapter) => chapter.detail.locked);
  // The booklet's own words are in its language, whatever the interface's.
  const lang = guessLanguage(`${current.name} ${current.heading} ${current.description}`);
  return (
    <div className="booklet-overview">
      <header className="booklet-overview__header">
        {current.cover ? <img className="booklet-overview__cover" src={current.cover} alt="" width={240} height={320} /> : null}
        <div className="booklet-overview__intro">
          <h1 className="booklet-overview__name" lang={lang}>
            {current.name}
          </h1>
          {current.heading ? (
            <p className="booklet-overview__heading" lang={lang}>
              {current.heading}
            </p>
          ) : null}
          <p className="booklet-overview__owner">
            <ColumnLink username={current.owner.username} to={current.owner.column}>
              {env.t('booklet.by', { name: current.owner.username })}
            </ColumnLink>
          </p>
          <p className="booklet-overview__facts">
            {env.t('booklet.chapters', { count: chapters.length })}
            {current.payment.paid_chapters > 0 ? (
              <>
                <span aria-hidden="true"> · </span>
                {env.t('booklet.paidChapters', { count: current.payment.paid_chapters })}
                <span aria-hidden="true"> · </span>
                {formatPrice(current.payment.price)}
              </>
            ) : null}
          </p>
          <div className="booklet-overview__actions">
            {first ? (
              <Link className="button button--primary" to={bookletChapterPath(current.slug, first.slug)}>
                {env.t('booklet.startReading')}
              </Link>
            ) : null}
            {locked ? (
              <button type="button" className="button" onClick={() => void stores.perform({ kind: 'buy-booklet', slug: current.slug })}>
                {env.t('paywall.buy', { price: formatPrice(current.payment.price) })}
              </button>
            ) : null}
          </div>
          {current.payment.bought ? <p className="booklet-overview__owned">{env.t('booklet.owned')}</p> : null}
        </div>
      </header>
      {current.description ? (
        <p className="booklet-overview__description" lang={lang}>
          {current.description}
        </p>
      ) : null}
      {first ? (
        <section className="booklet-overview__chapters" aria-labelledby="booklet-chapters-title">
          <h2 id="booklet-chapters-title" className="booklet-overview__subtitle">
            {env.t('booklet.contents')}
          </h2>
          <ol className="booklet-overview__list">
            {chapters.map((chapter) => (
              <li key={chapter.id}>
                <Link to={bookletChapterPath(current.slug, chapter.slug)}>{chapter.detail.title}</Link>
                {chapter.detail.locked ? <span className="booklet-catalogue__badge">{env.t('booklet.paid')}</span> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : (
        <p className="booklet-overview__empty">{env.t('booklet.empty')}</p>
      )}
      <BookletRatings booklet={current} />
    </div>
  );
});
