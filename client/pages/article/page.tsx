import { observer } from 'mobx-react-lite';
import { redirect } from 'react-router-dom';
import { articlePath } from '../../../shared/seoMeta';
import { ArticleBookletLine } from '../../components/ArticleBookletLine';
import { ArticleView } from '../../components/ArticleView';
import { BookletPurchasePrompt } from '../../components/BookletPurchasePrompt';
import { articlePageMeta } from '../../routing/pageMeta';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';

/** Reads the article (with the share code of a share link) before the status is decided; a former address redirects. */
export async function loader({ stores, params, request }: PageLoaderArgs): Promise<void> {
  const url = new URL(request.url);
  const article = await stores.article.load(params.slug ?? '', url.searchParams.get('share'));
  // Asked for by the slug it had before it was published: its address now (server/content/articleSlugs.ts).
  if (article.slug !== params.slug) throw redirect(`${articlePath(article.slug)}${url.search}`, 301);
  stores.ui.setPageMeta(articlePageMeta(request, article, stores.env));
}

/** The article reading page (docs/specification/content-and-commerce.md §2): the article in its theme, with actions and comments. */
export default observer(function ArticlePage() {
  const { article } = useStores();
  const current = article.current;
  if (!current) return null;
  // A paid chapter the reader has not bought: the purchase prompt instead of the (absent) content.
  const body = current.paywall ? <BookletPurchasePrompt paywall={current.paywall} from="article" /> : undefined;
  return (
    <ArticleView
      article={current}
      body={body}
      countsRead={!current.paywall}
      after={current.booklet_place ? <ArticleBookletLine place={current.booklet_place} /> : null}
    />
  );
});
