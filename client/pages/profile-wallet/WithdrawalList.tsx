import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { Withdrawal } from '../../../shared/payments';
import { paymentsApi } from '../../api/payments';
import { pageTranslator } from '../../i18n/pageTexts';
import { failureText } from '../../payments/failureText';
import { requestMerchantTransfer } from '../../platform/merchantTransfer';
import { useStores } from '../../stores/context';
import { WALLET_TEXTS } from './texts';
import { formatDayTime } from '../../../shared/readerDates';

/**
 * The latest withdrawals, each with its real state: waiting, on its way, waiting for the author to
 * confirm the receipt in WeChat (with that action inside WeChat, and a cancel), paid, or failed or
 * cancelled with the money back (docs/decisions/050, 064). `onChange` reads them again.
 */
export const WithdrawalList = observer(function WithdrawalList({ withdrawals, onChange }: { withdrawals: readonly Withdrawal[]; onChange: () => void }) {
  const { env } = useStores();
  const t = pageTranslator(WALLET_TEXTS, env.textLocale, env.siteName);
  return (
    <section aria-labelledby="wallet-withdrawals">
      <h2 id="wallet-withdrawals">{t('withdrawals')}</h2>
      <ul className="wallet-list" data-testid="wallet-withdrawals">
        {withdrawals.map((withdrawal) => (
          <li key={withdrawal.id} data-status={withdrawal.status}>
            <span>{t(`status.${withdrawal.status}`)}</span>
            <span className="wallet-amount--out">
              −{withdrawal.currency_symbol}
              {withdrawal.amount}
            </span>
            <span className="wallet-note">{formatDayTime(Date.parse(withdrawal.created), env.timeZone)}</span>
            {withdrawal.status === 'awaiting_payee' ? <ConfirmReceipt withdrawal={withdrawal} onChange={onChange} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
});

/** Inside WeChat: the confirmation (wx.requestMerchantTransfer); elsewhere: open the page in WeChat. Both may cancel. */
function ConfirmReceipt({ withdrawal, onChange }: { withdrawal: Withdrawal; onChange: () => void }) {
  const stores = useStores();
  const t = pageTranslator(WALLET_TEXTS, stores.env.textLocale, stores.env.siteName);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const { confirm } = withdrawal;
  const inChatApp = stores.env.clientType.shell === 'wechat';
  const confirmReceipt = () => {
    if (!confirm || busy) return;
    setBusy(true);
    void requestMerchantTransfer(confirm)
      .then((result) => {
        if (result === 'requestMerchantTransfer:ok') onChange();
        else setMessage(t('confirmFailed', { message: result }));
      })
      .finally(() => setBusy(false));
  };
  const cancel = () => {
    if (busy) return;
    setBusy(true);
    paymentsApi
      .cancelWithdrawal(stores.api, withdrawal.id)
      .then(onChange, (failure: unknown) => setMessage(failureText(failure)))
      .finally(() => setBusy(false));
  };
  return (
    <span className="wallet-confirm" data-testid="withdrawal-confirm">
      {!inChatApp ? (
        <span className="wallet-note">{t('confirmInWechat')}</span>
      ) : confirm ? (
        <button type="button" className="button button--primary button--small" disabled={busy} onClick={confirmReceipt}>
          {t('confirm')}
        </button>
      ) : null}
      <button type="button" className="button button--small" disabled={busy} onClick={cancel}>
        {t('cancel')}
      </button>
      {message ? (
        <span className="form__error" role="alert">
          {message}
        </span>
      ) : null}
    </span>
  );
}
