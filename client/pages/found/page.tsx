import { observer } from 'mobx-react-lite';
import { ArticleList } from '../../components/ArticleList';
import { ScreenFrame } from '../../components/ScreenFrame';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';

export async function loader({ stores }: PageLoaderArgs): Promise<void> {
  await stores.feed.loadFirst();
}

/** Discovery: every public article, newest first, page by page. */
export default observer(function FoundPage() {
  const { feed } = useStores();
  return (
    <ScreenFrame titleKey="screen.found.title" introKey="screen.found.intro">
      <ArticleList feed={feed} headingLevel={2} />
    </ScreenFrame>
  );
});
