import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import type { ArticlePaywall } from '../../shared/entities';
import { formatPrice } from '../../shared/price';
import { PAYWALL_CLASS } from '../../shared/seoMeta';
import { useStores } from '../stores/context';
import { bookletChapterPath } from './BookletLinks';

interface BookletPurchasePromptProps {
  paywall: ArticlePaywall;
  /** On the article page the prompt also says which booklet the article belongs to, and links to it. */
  from: 'chapter' | 'article';
}

/**
 * What a non-buyer gets instead of a paid chapter: the booklet, its price and Buy.
 * Buy opens the payment panel; signed out, it opens sign-in first and runs again afterwards
 * (the reader may own it already).
 */
export const BookletPurchasePrompt = observer(function BookletPurchasePrompt({ paywall, from }: BookletPurchasePromptProps) {
  const stores = useStores();
  const { env } = stores;
  const { booklet } = paywall;
  return (
    <section className={`${PAYWALL_CLASS} booklet-paywall`} aria-labelledby="booklet-paywall-title">
      <h2 id="booklet-paywall-title" className="booklet-paywall__title">
        {env.t('paywall.title')}
      </h2>
      {from === 'article' ? <p>{env.t('paywall.articleText', { name: booklet.name })}</p> : null}
      <p>{env.t('paywall.text', { name: booklet.name })}</p>
      <div className="booklet-paywall__actions">
        <button type="button" className="button button--primary" onClick={() => void stores.perform({ kind: 'buy-booklet', slug: booklet.slug })}>
          {env.t('paywall.buy', { price: formatPrice(booklet.price) })}
        </button>
        {from === 'article' ? (
          <Link className="button" to={bookletChapterPath(booklet.slug, paywall.chapter)}>
            {env.t('paywall.openBooklet')}
          </Link>
        ) : null}
      </div>
    </section>
  );
});
