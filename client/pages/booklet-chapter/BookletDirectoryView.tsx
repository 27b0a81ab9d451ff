import { Link } from 'react-router-dom';
import { readingOrder } from '../../../shared/bookletTree';
import type { BookletDetail, BookletItemDetail } from '../../../shared/entities';
import { bookletChapterPath } from '../../components/BookletLinks';
import { useStores } from '../../stores/context';
import { BookletPager } from './BookletPager';

/** A directory of the booklet: its title and the chapters inside it. */
export function BookletDirectoryView({ booklet, item }: { booklet: BookletDetail; item: BookletItemDetail }) {
  const { env } = useStores();
  return (
    <div className="booklet-directory">
      <p className="booklet-chapter__booklet">{booklet.name}</p>
      <h1 className="booklet-directory__title">{item.title}</h1>
      <h2 className="booklet-overview__subtitle">{env.t('booklet.inSection')}</h2>
      <ol className="booklet-overview__list">
        {readingOrder(item.children).map((chapter) => (
          <li key={chapter.id}>
            <Link to={bookletChapterPath(booklet.slug, chapter.slug)}>{chapter.detail.title}</Link>
            {chapter.detail.locked ? <span className="booklet-catalogue__badge">{env.t('booklet.paid')}</span> : null}
          </li>
        ))}
      </ol>
      <BookletPager slug={booklet.slug} previous={item.previous} next={item.next} />
    </div>
  );
}
