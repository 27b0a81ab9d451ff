import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { CONTENT_POLICY_PATH } from '../../../shared/constants';
import { ScreenFrame } from '../../components/ScreenFrame';
import { pageTranslator } from '../../i18n/pageTexts';
import { useStores } from '../../stores/context';
import { BUSINESS_TEXTS, type BusinessTextKey } from './texts';

const OFFERS: { title: BusinessTextKey; text: BusinessTextKey }[] = [
  { title: 'team.title', text: 'team.text' },
  { title: 'paid.title', text: 'paid.text' },
  { title: 'reach.title', text: 'reach.text' },
  { title: 'quota.title', text: 'quota.text' },
];

/** What the product offers organisations, and a way to talk to us (the feedback popup). */
export default observer(function BusinessPage() {
  const { env, feedback } = useStores();
  const t = pageTranslator(BUSINESS_TEXTS, env.textLocale, env.siteName);
  return (
    <ScreenFrame titleKey="screen.business.title" introKey="screen.business.intro">
      <ul className="business-page__offers">
        {OFFERS.map((offer) => (
          <li key={offer.title} className="business-page__offer">
            <h2>{t(offer.title)}</h2>
            <p>{t(offer.text)}</p>
          </li>
        ))}
      </ul>
      <section className="business-page__cta">
        <h2>{t('cta.title')}</h2>
        <p>{t('cta.text')}</p>
        <p className="business-page__actions">
          <button type="button" className="button button--primary" onClick={() => feedback.open()}>
            {t('cta.contact')}
          </button>
          <Link to={CONTENT_POLICY_PATH}>{t('cta.policy')}</Link>
        </p>
      </section>
    </ScreenFrame>
  );
});
