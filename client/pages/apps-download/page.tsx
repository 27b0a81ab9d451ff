import { observer } from 'mobx-react-lite';
import { ScreenFrame } from '../../components/ScreenFrame';
import type { MessageKey } from '../../i18n/en';
import { useStores } from '../../stores/context';

type Store = { os: 'ios' | 'android'; label: MessageKey; href: string | undefined };

/** The app download page: sign-up happens in the app (seed 000 §1); store links from the environment. */
export default observer(function AppsDownloadPage() {
  const { env } = useStores();
  const stores: Store[] = [
    { os: 'ios', label: 'apps.ios', href: env.appLinks.ios },
    { os: 'android', label: 'apps.android', href: env.appLinks.android },
  ];
  // The reader's own system first.
  if (env.clientType.os === 'android') stores.reverse();
  return (
    <ScreenFrame titleKey="screen.apps-download.title" introKey="screen.apps-download.intro">
      <p className="apps-page__notice" role="note">
        {env.t('apps.signUpNotice')}
      </p>
      <ul className="apps-page__stores">
        {stores.map((store) => (
          <li key={store.os}>
            {store.href ? (
              <a className={`apps-page__store apps-page__store--${store.os}`} href={store.href} rel="noopener">
                {env.t(store.label)}
              </a>
            ) : (
              <span className={`apps-page__store apps-page__store--${store.os} apps-page__store--soon`} aria-disabled="true">
                {env.t(store.label)}
                <small>{env.t('apps.comingSoon')}</small>
              </span>
            )}
          </li>
        ))}
      </ul>
      {env.clientType.shell === 'wechat' ? <p className="apps-page__hint">{env.t('apps.wechatHint')}</p> : null}
      <ul className="apps-page__features">
        <li>{env.t('apps.feature.write')}</li>
        <li>{env.t('apps.feature.notify')}</li>
        <li>{env.t('apps.feature.buy')}</li>
      </ul>
    </ScreenFrame>
  );
});
