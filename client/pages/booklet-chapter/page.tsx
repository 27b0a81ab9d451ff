import { observer } from 'mobx-react-lite';
import { useParams } from 'react-router-dom';
import { BOOKLET_END_SLUG, neighbours } from '../../../shared/bookletTree';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';
import { bookletChapterMeta } from '../booklet/meta';
import { BookletChapterView } from './BookletChapterView';
import { BookletDirectoryView } from './BookletDirectoryView';
import { BookletEnd } from './BookletEnd';

/** The booklet and the chapter (or directory); `end` is the virtual page after the last chapter. Unknown: 404. */
export async function loader({ stores, params, request }: PageLoaderArgs): Promise<void> {
  const slug = params.slug ?? '';
  const [booklet, item] = await Promise.all([stores.booklet.load(slug), stores.booklet.loadItem(slug, params.childSlug ?? '')]);
  stores.ui.setPageMeta(bookletChapterMeta(request, booklet, item, stores.env));
}

/** A section of the booklet: a chapter in its article's theme, a directory's chapters, or the end page. */
export default observer(function BookletChapterPage() {
  const { booklet } = useStores();
  const { slug = '', childSlug = '' } = useParams();
  const current = booklet.current;
  if (!current || current.slug !== slug) return null;
  if (childSlug === BOOKLET_END_SLUG) return <BookletEnd booklet={current} previous={neighbours(current.children, BOOKLET_END_SLUG).previous} />;
  const item = booklet.itemOf(slug, childSlug);
  if (!item) return null;
  return item.type === 'directory' ? <BookletDirectoryView booklet={current} item={item} /> : <BookletChapterView booklet={current} item={item} />;
});
