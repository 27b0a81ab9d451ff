import { observer } from 'mobx-react-lite';
import { data, Link } from 'react-router-dom';
import { articlePath } from '../../../shared/seoMeta';
import { ArticleView } from '../../components/ArticleView';
import { articlePageMeta } from '../../routing/pageMeta';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';
import { canReview, reviewStateKey } from './reviewAccess';

/**
 * `/article/{slug}/review`: the author's or an operator's preview (signed in; the route's
 * guard sends others to sign in). Anyone else gets the article's error screen, or 403
 * when they could read it but it is not theirs to review. Never indexed.
 */
export async function loader({ stores, params, request }: PageLoaderArgs): Promise<void> {
  const article = await stores.article.load(params.slug ?? '', null);
  if (!canReview(stores.account.info, article)) throw data('Forbidden', { status: 403, statusText: 'Forbidden' });
  stores.ui.setPageMeta({ ...articlePageMeta(request, article, stores.env), noindex: true });
}

export default observer(function ArticleReviewPage() {
  const { article, env } = useStores();
  const current = article.current;
  if (!current) return null;
  const state = current.review_state;
  const banner = (
    <section className={`review-banner${state ? ' review-banner--warning' : ''}`} aria-label={env.t('review.title')}>
      <p className="review-banner__title">{env.t('review.title')}</p>
      <p className="review-banner__state">
        {env.t(reviewStateKey(state))} {state === null || state === undefined ? <Link to={articlePath(current.slug)}>{env.t('review.readerView')}</Link> : null}
      </p>
    </section>
  );
  return <ArticleView article={current} banner={banner} />;
});
