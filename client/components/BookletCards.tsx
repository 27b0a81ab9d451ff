import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { guessLanguage } from '../../shared/contentLanguage';
import type { BookletCard } from '../../shared/entities';
import { formatPrice } from '../../shared/price';
import { useStores } from '../stores/context';
import type { PagedList } from '../stores/PagedList';
import { bookletOverviewPath } from './BookletLinks';
import { AuthorLink } from './AuthorLink';

/**
 * Booklets as cards (cover, name, price or free, chapters), each leading to its overview, with 'Load more'
 * until the list is finished; nothing at all when there is no booklet (the section's title goes with it).
 */
export const BookletCards = observer(function BookletCards({
  list,
  titleId,
  level = 'h2',
}: {
  list: PagedList<BookletCard>;
  titleId: string;
  level?: 'h2' | 'h3';
}) {
  const { env } = useStores();
  if (list.items.length === 0) return null;
  const Heading = level;
  return (
    <section className="booklet-cards" aria-labelledby={titleId}>
      <Heading id={titleId} className="section-title">
        {env.t('booklets.title')}
      </Heading>
      <ul className="booklet-cards__list">
        {list.items.map((booklet) => (
          <li key={booklet.id} className="booklet-card" lang={guessLanguage(`${booklet.name} ${booklet.heading}`)}>
            <Link className="booklet-card__link" to={bookletOverviewPath(booklet.slug)}>
              {booklet.cover ? (
                <img className="booklet-card__cover" src={booklet.cover} alt="" width={96} height={128} loading="lazy" />
              ) : (
                <span className="booklet-card__cover booklet-card__cover--blank" aria-hidden="true">
                  {Array.from(booklet.name)[0] ?? ''}
                </span>
              )}
              <span className="booklet-card__name">{booklet.name}</span>
            </Link>
            {booklet.heading ? <p className="booklet-card__heading">{booklet.heading}</p> : null}
            <p className="booklet-card__meta">
              <span className={booklet.price ? 'booklet-card__price' : 'booklet-card__price booklet-card__price--free'}>
                {booklet.price ? formatPrice(booklet.price) : env.t('booklets.free')}
              </span>
              <span aria-hidden="true"> · </span>
              {env.t('booklet.chapters', { count: booklet.chapter_count })}
              <span aria-hidden="true"> · </span>
              <AuthorLink author={booklet.author} />
            </p>
          </li>
        ))}
      </ul>
      {list.finished ? null : (
        <button type="button" className="button booklet-cards__more" disabled={list.loading} onClick={() => void list.loadMore()}>
          {list.loading ? env.t('feed.loading') : env.t('feed.more')}
        </button>
      )}
    </section>
  );
});
