import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { Page } from '../../../shared/entities';
import { findMembershipProduct } from '../../../shared/membershipProducts';
import { paymentsApi, type PaymentOrder } from '../../api/payments';
import { usePaymentTexts } from '../../payments/usePaymentTexts';
import { failureText } from '../../payments/failureText';
import { useStores } from '../../stores/context';

/** `/profile/orders`: the reader's orders, newest first, 10 at a time following `next` (decision 026). */
export default observer(function ProfileOrdersPage() {
  const stores = useStores();
  const t = usePaymentTexts();
  const [orders, setOrders] = useState<PaymentOrder[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [fetching, setFetching] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = (page: Page<PaymentOrder>) => {
    setOrders((known) => [...known, ...page.results.filter((order) => !known.some((k) => k.id === order.id))]);
    setNext(page.next);
    setLoaded(true);
  };
  useEffect(() => {
    paymentsApi.orders(stores.api).then(add, (failure: unknown) => setError(failureText(failure)));
  }, [stores.api]);
  const more = () => {
    if (!next || fetching) return;
    setFetching(true);
    paymentsApi
      .orders(stores.api, next)
      .then(add, (failure: unknown) => setError(failureText(failure)))
      .finally(() => setFetching(false));
  };

  return (
    <main className="screen">
      <h1 className="screen__title">{t('orders.title')}</h1>
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      {loaded && orders.length === 0 ? <p>{t('orders.empty')}</p> : null}
      <ul className="orders-list">
        {orders.map((order) => (
          <li key={order.id}>
            <span>
              {itemText(t, order)}
              <br />
              <small className="wallet-note">{t('panel.order', { id: order.id })}</small>
            </span>
            <span>
              <strong>
                {order.currency_symbol}
                {order.amount}
              </strong>{' '}
              <span className="wallet-note">{statusText(t, order.status)}</span>
            </span>
            {order.created ? <span className="wallet-note">{order.created.slice(0, 16).replace('T', ' ')}</span> : null}
          </li>
        ))}
      </ul>
      {next ? (
        <button type="button" className="button" onClick={more} disabled={fetching}>
          {t('orders.more')}
        </button>
      ) : null}
    </main>
  );
});

/** A membership order names its tier and period; a booklet order its number (the list carries no names). */
function itemText(t: ReturnType<typeof usePaymentTexts>, order: PaymentOrder): string {
  if (order.type !== 'membership') return t('orders.booklet', { identity: order.identity });
  const product = findMembershipProduct(order.identity);
  if (!product) return t('orders.membership', { identity: order.identity });
  return t('member.item', { level: t(`level.${product.level}`), period: t(`member.period.${product.period}`) });
}

function statusText(t: ReturnType<typeof usePaymentTexts>, status: PaymentOrder['status']): string {
  switch (status) {
    case 'created':
      return t('status.created');
    case 'pending':
      return t('status.pending');
    case 'paid':
      return t('status.paid');
    case 'failed':
      return t('status.failed');
    case 'closed':
      return t('status.closed');
    default:
      return String(status);
  }
}
