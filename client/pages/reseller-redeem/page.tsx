import { Link, useSearchParams } from 'react-router-dom';
import { ScreenFrame } from '../../components/ScreenFrame';
import { pageTranslator } from '../../i18n/pageTexts';
import { useStores } from '../../stores/context';
import { RedeemForm } from '../redeem/RedeemForm';
import { REDEEM_TEXTS } from '../redeem/texts';

/**
 * `/reseller/redeem` (docs/decisions/027): where a reseller's customer spends the code
 * they bought; the code's look-up names the reseller who sold it. `?code=` fills it in.
 */
export default function ResellerRedeemPage() {
  const { env } = useStores();
  const [search] = useSearchParams();
  const t = pageTranslator(REDEEM_TEXTS, env.textLocale, env.siteName);
  return (
    <ScreenFrame titleKey="screen.reseller-redeem.title">
      <p className="screen__intro">{t('reseller.intro')}</p>
      <RedeemForm initialCode={search.get('code') ?? ''} />
      <p className="redeem-page__about">
        <Link to="/reseller/digital_lizhi">{t('reseller.about')}</Link>
      </p>
    </ScreenFrame>
  );
}
