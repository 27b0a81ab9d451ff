import { Link } from 'react-router-dom';
import type { BookletLink } from '../../../shared/entities';
import { bookletChapterPath, bookletOverviewPath } from '../../components/BookletLinks';
import { useStores } from '../../stores/context';

/** Previous and next chapter; after the last chapter, next leads to `end`; before the first, back to the overview. */
export function BookletPager({ slug, previous, next }: { slug: string; previous: BookletLink | null; next: BookletLink | null }) {
  const { env } = useStores();
  return (
    <nav className="booklet-pager" aria-label={env.t('booklet.chapterNav')}>
      <Link
        className="booklet-pager__link booklet-pager__link--previous"
        rel="prev"
        to={previous ? bookletChapterPath(slug, previous.slug) : bookletOverviewPath(slug)}
      >
        <span className="booklet-pager__label">{previous ? env.t('booklet.previous') : env.t('booklet.overview')}</span>
        {previous ? <span className="booklet-pager__title">{previous.title}</span> : null}
      </Link>
      {next ? (
        <Link className="booklet-pager__link booklet-pager__link--next" rel="next" to={bookletChapterPath(slug, next.slug)}>
          <span className="booklet-pager__label">{env.t('booklet.next')}</span>
          <span className="booklet-pager__title">{next.title || env.t('booklet.end.title')}</span>
        </Link>
      ) : null}
    </nav>
  );
}
