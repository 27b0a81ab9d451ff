import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useParams } from 'react-router-dom';
import { BookletCatalogue } from '../../components/BookletCatalogue';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';

/** The booklet itself; its sections' loaders read it too (one call) and describe their page. */
export async function loader({ stores, params }: PageLoaderArgs): Promise<void> {
  await stores.booklet.load(params.slug ?? '');
}

const CATALOGUE_ID = 'booklet-catalogue';

/** A booklet (docs/specification/content-and-commerce.md §2): the catalogue panel on the left (collapsible on narrow screens), the section on the right. */
export default observer(function BookletPage() {
  const { booklet, env } = useStores();
  const { slug } = useParams();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // Choosing a chapter on a phone closes the panel.
  useEffect(() => setOpen(false), [pathname]);
  const current = booklet.current;
  if (!current || current.slug !== slug) return null;
  return (
    <main className="booklet">
      <aside className={`booklet__side${open ? ' booklet__side--open' : ''}`}>
        <p className="booklet__name">{current.name}</p>
        <button type="button" className="button button--small booklet__toggle" aria-expanded={open} aria-controls={CATALOGUE_ID} onClick={() => setOpen(!open)}>
          {open ? env.t('booklet.hideContents') : env.t('booklet.showContents')}
        </button>
        <BookletCatalogue booklet={current} id={CATALOGUE_ID} />
      </aside>
      <div className="booklet__section">
        <Outlet />
      </div>
    </main>
  );
});
