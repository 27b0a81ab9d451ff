import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paymentsApi } from '../../api/payments';
import { paymentIdentity } from '../../payments/browserPlatform';
import { walletEntryText } from '../../payments/itemText';
import { usePaymentTexts } from '../../payments/usePaymentTexts';
import { failureText } from '../../payments/failureText';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';
import { WALLET_PAGE_SIZE, walletPageNumber, walletStore } from './WalletStore';
import { withdrawAmount } from './withdrawAmount';
import { WithdrawalList } from './WithdrawalList';
import { formatDayTime } from '../../../shared/readerDates';
import { FormError } from '../../components/FormError';

const WALLET_PATH = '/profile/wallet/';

/** The balance and the page of transactions the address names (the guard has checked the reader). */
export async function loader({ stores, request }: PageLoaderArgs): Promise<void> {
  await walletStore(stores).load(walletPageNumber(new URL(request.url).searchParams));
}

/** `/profile/wallet`: the balance, the transactions 10 a page (`?page=`), and withdrawal inside the chat app. */
export default observer(function ProfileWalletPage() {
  const stores = useStores();
  const t = usePaymentTexts();
  const [search] = useSearchParams();
  const page = walletPageNumber(search);
  const wallet = walletStore(stores);
  const { balance, error, transactions } = wallet;

  const pages = transactions.loaded ? Math.max(1, Math.ceil(transactions.count / WALLET_PAGE_SIZE)) : 1;
  return (
    <main className="screen">
      <h1 className="screen__title">{t('wallet.title')}</h1>
      <FormError message={error ? t('wallet.loadFailed', { message: error }) : null} />
      <section aria-labelledby="wallet-balance">
        <h2 id="wallet-balance">{t('wallet.balance')}</h2>
        <p className="wallet-balance" data-testid="wallet-balance">
          {balance ? `${balance.currency_symbol}${balance.net_amount}` : '…'}
        </p>
        <Link to="/profile/orders/">{t('wallet.orders')}</Link>
      </section>
      {stores.env.clientType.shell === 'wechat' ? (
        <Withdrawal onDone={() => void wallet.load(page)} />
      ) : (
        <p className="wallet-note">{t('wallet.onlyInChatApp')}</p>
      )}
      {wallet.withdrawals.length > 0 ? <WithdrawalList withdrawals={wallet.withdrawals} onChange={() => void wallet.load(page)} /> : null}
      <section aria-labelledby="wallet-transactions">
        <h2 id="wallet-transactions">{t('wallet.transactions')}</h2>
        {transactions.loaded && transactions.items.length === 0 ? <p>{t('wallet.empty')}</p> : null}
        <ul className="wallet-list">
          {transactions.items.map((entry) => (
            <li key={entry.id}>
              <span>{walletEntryText(t, entry)}</span>
              <span className={`wallet-amount--${entry.direction}`}>
                {entry.direction === 'in' ? '+' : '−'}
                {entry.amount}
              </span>
              <span className="wallet-note">{formatDayTime(Date.parse(entry.created), stores.env.timeZone)}</span>
            </li>
          ))}
        </ul>
        {pages > 1 ? (
          <nav className="notification-pager" aria-label={t('wallet.transactions')}>
            {page > 1 ? (
              <Link to={`?page=${page - 1}`} className="button button--small" rel="prev">
                {t('wallet.previous')}
              </Link>
            ) : null}
            <span>{t('wallet.pageOf', { page, pages })}</span>
            {page < pages ? (
              <Link to={`?page=${page + 1}`} className="button button--small" rel="next">
                {t('wallet.next')}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </main>
  );
});

/** Withdrawal to the chat app's wallet, with the open id the payment login confirmed. */
function Withdrawal({ onDone }: { onDone: () => void }) {
  const stores = useStores();
  const t = usePaymentTexts();
  // Read after hydration: the server cannot see what the payment login left in this tab.
  const [identity, setIdentity] = useState<{ openId: string | null; appId: string | null }>({ openId: null, appId: null });
  useEffect(() => setIdentity(paymentIdentity()), []);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  if (!identity.openId) {
    return (
      <p>
        <a href={`/accounts/login/wechat_payment/?next=${encodeURIComponent(WALLET_PATH)}`}>{t('wallet.verify')}</a>
      </p>
    );
  }
  const openId = identity.openId;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = withdrawAmount(text);
    if (!amount || sending) return;
    setSending(true);
    paymentsApi
      .withdraw(stores.api, { amount, app_id: identity.appId ?? 'sandbox', open_id: openId })
      .then(
        () => {
          setMessage({ ok: true, text: t('wallet.withdrawn', { amount }) });
          setText('');
          onDone();
        },
        (failure: unknown) => setMessage({ ok: false, text: failureText(failure) }),
      )
      .finally(() => setSending(false));
  };
  return (
    <section aria-labelledby="wallet-withdraw">
      <h2 id="wallet-withdraw">{t('wallet.withdraw')}</h2>
      <form className="wallet-withdraw" onSubmit={submit}>
        <label className="form__field">
          <span>{t('wallet.amount')}</span>
          <input className="input" inputMode="decimal" value={text} onChange={(event) => setText(event.target.value)} />
        </label>
        <button type="submit" className="button button--primary" disabled={sending}>
          {t('wallet.submit')}
        </button>
      </form>
      {message ? (
        <p className={message.ok ? 'form__ok' : 'form__error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
