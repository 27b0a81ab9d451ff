import { Link } from 'react-router-dom';
import type { ArticleBookletPlace } from '../../shared/entities';
import { BookletPager } from '../pages/booklet-chapter/BookletPager';
import { useStores } from '../stores/context';
import { bookletOverviewPath } from './BookletLinks';

/** On a chapter's own article page: the booklet it is a chapter of, and the chapters either side, read in the booklet. */
export function ArticleBookletLine({ place }: { place: ArticleBookletPlace }) {
  const { env } = useStores();
  return (
    <aside className="article-booklet" aria-label={env.t('booklets.title')}>
      <p className="article-booklet__name">
        {env.t('booklets.chapterOf')} <Link to={bookletOverviewPath(place.booklet.slug)}>{place.booklet.name}</Link>
      </p>
      <BookletPager slug={place.booklet.slug} previous={place.previous} next={place.next} />
    </aside>
  );
}
