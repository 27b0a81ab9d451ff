import { observer } from 'mobx-react-lite';
import { ScreenFrame } from '../../components/ScreenFrame';
import { pageTranslator } from '../../i18n/pageTexts';
import { useStores } from '../../stores/context';
import { APPS_TEXTS, type AppsTextKey } from './texts';

type Store = { os: 'ios' | 'android'; label: AppsTextKey; href: string | undefined };

/** The app download page: sign-up happens in the app (docs/specification/shell.md §1); store links from the environment. */
export default observer(function AppsDownloadPage() {
  const { env } = useStores();
  const t = pageTranslator(APPS_TEXTS, env.textLocale, env.siteName);
  const stores: Store[] = [
    { os: 'ios', label: 'ios', href: env.appLinks.ios },
    { os: 'android', label: 'android', href: env.appLinks.android },
  ];
  // The reader's own system first.
  if (env.clientType.os === 'android') stores.reverse();
  return (
    <ScreenFrame titleKey="screen.apps-download.title" introKey="screen.apps-download.intro">
      <p className="apps-page__notice" role="note">
        {t('signUpNotice')}
      </p>
      <ul className="apps-page__stores">
        {stores.map((store) => (
          <li key={store.os}>
            {store.href ? (
              <a className={`apps-page__store apps-page__store--${store.os}`} href={store.href} rel="noopener">
                {t(store.label)}
              </a>
            ) : (
              <span className={`apps-page__store apps-page__store--${store.os} apps-page__store--soon`} aria-disabled="true">
                {t(store.label)}
                <small>{t('comingSoon')}</small>
              </span>
            )}
          </li>
        ))}
      </ul>
      {env.clientType.shell === 'wechat' ? <p className="apps-page__hint">{t('wechatHint')}</p> : null}
      <ul className="apps-page__features">
        <li>{t('feature.write')}</li>
        <li>{t('feature.notify')}</li>
        <li>{t('feature.buy')}</li>
      </ul>
    </ScreenFrame>
  );
});
