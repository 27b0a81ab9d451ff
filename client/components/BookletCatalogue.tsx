import { NavLink } from 'react-router-dom';
import type { BookletDetail, BookletNode } from '../../shared/entities';
import { useStores } from '../stores/context';
import { bookletChapterPath, bookletOverviewPath } from './BookletLinks';

/** The left catalogue panel (docs/specification/content-and-commerce.md §2): the overview, then the reading tree; paid chapters marked. */
export function BookletCatalogue({ booklet, id }: { booklet: BookletDetail; id: string }) {
  const { env } = useStores();
  return (
    <nav className="booklet-catalogue" id={id} aria-label={env.t('booklet.contents')}>
      <NavLink end className="booklet-catalogue__link booklet-catalogue__overview" to={bookletOverviewPath(booklet.slug)}>
        {env.t('booklet.overview')}
      </NavLink>
      <CatalogueList slug={booklet.slug} nodes={booklet.children} />
    </nav>
  );
}

function CatalogueList({ slug, nodes }: { slug: string; nodes: readonly BookletNode[] }) {
  const { env } = useStores();
  if (nodes.length === 0) return null;
  return (
    <ol className="booklet-catalogue__list">
      {nodes.map((node) => (
        <li key={node.id} className={`booklet-catalogue__item booklet-catalogue__item--${node.type}`}>
          <NavLink className="booklet-catalogue__link" to={bookletChapterPath(slug, node.slug)}>
            <span className="booklet-catalogue__title">{node.detail.title}</span>
            {node.detail.locked ? <span className="booklet-catalogue__badge">{env.t('booklet.paid')}</span> : null}
          </NavLink>
          <CatalogueList slug={slug} nodes={node.children} />
        </li>
      ))}
    </ol>
  );
}
