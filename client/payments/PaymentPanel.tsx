import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useStores } from '../stores/context';
import { browserPlatform } from './browserPlatform';
import { paymentMethods, type PaymentMethod } from './paymentMethods';
import { PaymentOutcome } from './PaymentOutcome';
import { PaymentStore } from './PaymentStore';
import { usePaymentTexts } from './usePaymentTexts';
import { WechatQrScan } from './WechatQrScan';

/**
 * The payment panel (docs/specification/shell.md §2, §4; docs/specification/content-and-commerce.md §2): a 500 px box, a sheet under 548 px.
 * Its own chunk, loaded when a purchase is first asked for.
 */
export default observer(function PaymentPanel() {
  const stores = useStores();
  const trigger = stores.payment;
  const t = usePaymentTexts();
  const [store] = useState(() => new PaymentStore(stores.api, browserPlatform(stores.env.clientType.shell), stores.track));
  const box = useRef<HTMLDivElement>(null);
  const request = trigger.request;

  useEffect(() => {
    if (request) void store.start(request);
  }, [request, store]);

  // The panel going away stops any polling of a QR code's order.
  useEffect(() => () => store.stopPolling(), [store]);

  const status = store.status;
  // The dialog takes the focus when it opens and as each step replaces what it shows.
  useEffect(() => {
    if (status.tag !== 'creating') box.current?.focus();
  }, [status.tag, request]);

  if (!request) return null;
  const close = () => {
    store.clear();
    trigger.close();
  };
  const order = store.order;
  const price = order ? `${order.currency_symbol}${order.amount}` : request.price;
  return (
    <div className="payment">
      <div className="payment__scrim" onClick={close} aria-hidden="true" />
      <div
        ref={box}
        className="payment__box"
        role="dialog"
        aria-modal="true"
        aria-labelledby="payment-title"
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      >
        <header className="payment__head">
          <h2 id="payment-title" className="payment__title">
            {t('panel.label')}
          </h2>
          <button type="button" className="payment__close" aria-label={t('panel.close')} onClick={close}>
            ×
          </button>
        </header>
        <p className="payment__item">{request.label}</p>
        {price || order ? (
          <p className="payment__amount">
            {price ? <strong>{price}</strong> : null}
            {order ? <span className="payment__order">{t('panel.order', { id: order.id })}</span> : null}
          </p>
        ) : null}
        {status.tag === 'creating' ? (
          <div className="payment-toast" role="status">
            {t('panel.creating')}
          </div>
        ) : null}
        <div className="payment__body" aria-live="polite">
          {status.tag === 'created' && order && store.inMiniProgram ? <p className="payment__notice">{t('panel.miniProgram', { id: order.id })}</p> : null}
          {store.choosing && !store.inMiniProgram ? (
            <PaymentMethods
              store={store}
              methods={paymentMethods(stores.env.clientType.shell, { qr: stores.env.wechatNativePay, h5: stores.env.wechatH5Pay })}
            />
          ) : null}
          {status.tag === 'pending' ? <p className="payment__state payment__state--pending">{t('panel.pending')}</p> : null}
          {status.tag === 'scan' ? <WechatQrScan codeUrl={status.codeUrl} checkoutUrl={status.checkoutUrl} /> : null}
          {status.tag === 'expired' ? (
            <>
              <p className="payment__message" role="alert">
                {t('panel.expired')}
              </p>
              <button type="button" className="button button--primary" onClick={() => store.retry()}>
                {t('panel.tryAgain')}
              </button>
            </>
          ) : null}
          {status.tag === 'success' ? (
            <>
              <PaymentOutcome outcome="success">{t('panel.success')}</PaymentOutcome>
              <p>{t('panel.successText', { item: request.label })}</p>
              <button type="button" className="button button--primary" onClick={close}>
                {t('panel.done')}
              </button>
            </>
          ) : null}
          {status.tag === 'failed' ? (
            <>
              <PaymentOutcome outcome="failed">{t('panel.failed')}</PaymentOutcome>
              <p className="payment__message" role="alert">
                {status.msg}
              </p>
              <button type="button" className="button button--primary" onClick={() => store.retry()}>
                {t('panel.retry')}
              </button>
            </>
          ) : null}
          {status.tag === 'unsure' ? (
            <>
              <p className="payment__state">{t('panel.unsure')}</p>
              <div className="payment__actions">
                <button type="button" className="button button--primary" onClick={() => store.finished()}>
                  {t('panel.finished')}
                </button>
                <button type="button" className="button" onClick={() => store.retry()}>
                  {t('panel.tryAgain')}
                </button>
              </div>
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
});

/** The methods client/payments/paymentMethods.ts lists for this client: the wallet with what it holds, then the providers. */
const PaymentMethods = observer(function PaymentMethods({ store, methods }: { store: PaymentStore; methods: PaymentMethod[] }) {
  const t = usePaymentTexts();
  const balance = store.balance;
  const buttons: Record<Exclude<PaymentMethod, 'wallet'>, { label: string; pay: () => Promise<void> }> = {
    wechat: { label: t('panel.wechat'), pay: () => store.payWithWechat() },
    wechatQr: { label: t('panel.wechatQr'), pay: () => store.payWithWechatQr() },
    wechatH5: { label: t('panel.wechat'), pay: () => store.payWithWechatH5() },
    web: { label: t('panel.web'), pay: () => store.payOnWeb() },
  };
  return (
    <div className="payment__methods" role="group" aria-label={t('panel.choose')}>
      <p className="payment__choose">{t('panel.choose')}</p>
      {methods.map((method) =>
        method === 'wallet' ? (
          <button key={method} type="button" className="payment__method" onClick={() => void store.payWithWallet()}>
            <span>{t('panel.balance')}</span>
            <small>{balance ? t('panel.balanceAmount', { amount: `${balance.currency_symbol}${balance.net_amount}` }) : t('panel.balanceUnknown')}</small>
          </button>
        ) : (
          <button key={method} type="button" className="payment__method" onClick={() => void buttons[method].pay()}>
            <span>{buttons[method].label}</span>
          </button>
        ),
      )}
    </div>
  );
});
