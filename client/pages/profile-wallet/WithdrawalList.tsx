import { observer } from 'mobx-react-lite';
import type { Withdrawal } from '../../../shared/payments';
import { pageTranslator } from '../../i18n/pageTexts';
import { useStores } from '../../stores/context';
import { WALLET_TEXTS } from './texts';
import { formatDayTime } from '../../../shared/readerDates';

/** The latest withdrawals, each with its real state: waiting, on its way, paid, or failed with the money back (docs/decisions/050). */
export const WithdrawalList = observer(function WithdrawalList({ withdrawals }: { withdrawals: readonly Withdrawal[] }) {
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
          </li>
        ))}
      </ul>
    </section>
  );
});
