import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { safeNextPath } from '../../../shared/safeNext';
import { PaymentOutcome } from '../../payments/PaymentOutcome';
import { usePaymentTexts } from '../../payments/usePaymentTexts';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';
import { returnStore } from './ReturnStore';
import { FormError } from '../../components/FormError';

/** The order as it is now: on the server it is asked about at WeChat Pay before the page renders. */
export async function loader({ stores, params }: PageLoaderArgs): Promise<void> {
  await returnStore(stores).load(params.ref ?? '');
}

/**
 * `/payments/return/{order}/?next=`: where WeChat's H5 cashier brings the payer back
 * (docs/decisions/069). It shows whether the order is paid, keeps asking while it waits, and
 * leads on to the page the payment was started from.
 */
export default observer(function PaymentReturnPage() {
  const t = usePaymentTexts();
  const stores = useStores();
  const store = returnStore(stores);
  const ref = useParams().ref ?? '';
  const [search] = useSearchParams();
  const next = safeNextPath(search.get('next'));
  const { order, error, waiting, waitedOut } = store;

  useEffect(() => {
    store.follow(ref);
    return () => store.stop();
  }, [store, ref]);

  return (
    <main className="screen">
      <h1 className="screen__title">{t('return.heading')}</h1>
      <FormError message={error} />
      {order ? (
        <p>
          {t('panel.order', { id: order.id })}{' '}
          <strong>
            {order.currency_symbol}
            {order.amount}
          </strong>
        </p>
      ) : null}
      <div aria-live="polite">
        {order?.status === 'paid' ? <PaymentOutcome outcome="success">{t('return.paid')}</PaymentOutcome> : null}
        {waiting ? <p className="payment__state payment__state--pending">{waitedOut ? t('return.stillWaiting') : t('return.waiting')}</p> : null}
        {order && !waiting && order.status !== 'paid' ? <p className="payment__state payment__state--failed">{t('return.notPaid')}</p> : null}
      </div>
      <div className="payment__actions">
        {waiting ? (
          <button type="button" className="button button--primary" onClick={() => void store.check(ref)}>
            {t('return.check')}
          </button>
        ) : null}
        <a className={order?.status === 'paid' ? 'button button--primary' : 'button'} href={next}>
          {order?.status === 'paid' ? t('return.continue') : t('return.back')}
        </a>
      </div>
    </main>
  );
});
