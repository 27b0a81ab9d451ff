import { Link } from 'react-router-dom';
import type { BookletDetail, BookletLink } from '../../../shared/entities';
import { bookletOverviewPath, RATINGS_ANCHOR } from '../../components/BookletLinks';
import { useStores } from '../../stores/context';
import { BookletPager } from './BookletPager';

/** The virtual page after the last chapter: the end, a way back, and the invitation to rate. */
export function BookletEnd({ booklet, previous }: { booklet: BookletDetail; previous: BookletLink | null }) {
  const { env } = useStores();
  return (
    <div className="booklet-end">
      <p className="booklet-chapter__booklet">{booklet.name}</p>
      <h1 className="booklet-end__title">{env.t('booklet.end.title')}</h1>
      <p className="booklet-end__text">{env.t('booklet.end.text', { name: booklet.name })}</p>
      <div className="booklet-end__actions">
        <Link className="button button--primary" to={`${bookletOverviewPath(booklet.slug)}#${RATINGS_ANCHOR}`}>
          {env.t('booklet.end.rate')}
        </Link>
        <Link className="button" to={bookletOverviewPath(booklet.slug)}>
          {env.t('booklet.end.back')}
        </Link>
      </div>
      <BookletPager slug={booklet.slug} previous={previous} next={null} />
    </div>
  );
}
