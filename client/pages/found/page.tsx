import { observer } from 'mobx-react-lite';
import { ArticleList } from '../../components/ArticleList';
import { BookletCards } from '../../components/BookletCards';
import { ScreenFrame } from '../../components/ScreenFrame';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';

export async function loader({ stores }: PageLoaderArgs): Promise<void> {
  // The booklet shelf is this site's own call (docs/decisions/067): a back end without it (the proxy's
  // upstream) leaves the shelf empty, and the page still shows its articles.
  await Promise.all([stores.feed.loadFirst(), stores.bookletList.loadFirst().catch(() => undefined)]);
}

/** Discovery: the booklets, then every public article that is no booklet's chapter, newest first, page by page. */
export default observer(function FoundPage() {
  const { feed, bookletList } = useStores();
  return (
    <ScreenFrame titleKey="screen.found.title" introKey="screen.found.intro">
      <BookletCards list={bookletList} titleId="found-booklets" />
      <ArticleList feed={feed} headingLevel={2} />
    </ScreenFrame>
  );
});
