import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import type { PaymentOrder } from '../../api/payments';
import { itemText } from '../../payments/itemText';
import { usePaymentTexts } from '../../payments/usePaymentTexts';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';
import { ordersStore } from './OrdersStore';
import { formatDayTime } from '../../../shared/readerDates';
import { FormError } from '../../components/FormError';

/** The newest orders, on every visit (the guard has checked the reader). */
export async function loader({ stores }: PageLoaderArgs): Promise<void> {
  await ordersStore(stores).load();
}

/** `/profile/orders`: the reader's orders, newest first, 10 at a time following `next` (decision 026). */
export default observer(function ProfileOrdersPage() {
  const t = usePaymentTexts();
  const stores = useStores();
  const store = ordersStore(stores);
  const { env } = stores;
  const { orders, error } = store;

  return (
    <main className="screen">
      <h1 className="screen__title">{t('orders.title')}</h1>
      <FormError message={error} />
      {orders.loaded && orders.items.length === 0 ? <p>{t('orders.empty')}</p> : null}
      <ul className="orders-list">
        {orders.items.map((order) => (
          <li key={order.id}>
            <span>
              {order.item?.path ? <Link to={order.item.path}>{itemText(t, order)}</Link> : itemText(t, order)}
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
            {order.created ? <span className="wallet-note">{formatDayTime(Date.parse(order.created), env.timeZone)}</span> : null}
          </li>
        ))}
      </ul>
      {orders.next ? (
        <button type="button" className="button" onClick={() => void store.more()} disabled={orders.loading}>
          {t('orders.more')}
        </button>
      ) : null}
    </main>
  );
});

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
    case 'refunded':
      return t('status.refunded');
    default:
      return String(status);
  }
}
