import { Link } from 'react-router-dom';
import { ScreenFrame } from '../../components/ScreenFrame';
import { pageTranslator } from '../../i18n/pageTexts';
import { useStores } from '../../stores/context';
import { RESELLER_TEXTS } from './texts';

/** `/reseller/digital_lizhi` (docs/decisions/027): the reseller's landing page: who they are, how to buy and redeem. */
export default function ResellerDigitalLizhiPage() {
  const { env } = useStores();
  const t = pageTranslator(RESELLER_TEXTS, env.textLocale, env.siteName);
  return (
    <ScreenFrame titleKey="screen.reseller-digital-lizhi.title" introKey="screen.reseller-digital-lizhi.intro">
      <section className="screen__section">
        <p>{t('who')}</p>
      </section>
      <section className="screen__section">
        <h2>{t('buy.title')}</h2>
        <p>{t('buy.text')}</p>
      </section>
      <section className="screen__section">
        <h2>{t('kinds.title')}</h2>
        <ul>
          <li>{t('kinds.membership')}</li>
          <li>{t('kinds.booklet')}</li>
        </ul>
      </section>
      <section className="screen__section">
        <h2>{t('redeem.title')}</h2>
        <ol>
          <li>{t('redeem.step1')}</li>
          <li>{t('redeem.step2')}</li>
          <li>{t('redeem.step3')}</li>
        </ol>
        <p>
          <Link className="button button--primary" to="/reseller/redeem">
            {t('redeem.cta')}
          </Link>
        </p>
      </section>
      <section className="screen__section">
        <h2>{t('safety.title')}</h2>
        <p>{t('safety.text')}</p>
      </section>
    </ScreenFrame>
  );
}
