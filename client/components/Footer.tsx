import { observer } from 'mobx-react-lite';
import { Link, useLocation } from 'react-router-dom';
import { CONTENT_POLICY_PATH, COPYRIGHT_START_YEAR } from '../../shared/constants';
import { LANG_PARAM, TEXT_LOCALES } from '../../shared/locale';
import { sitePath } from '../../shared/sitePath';
import { useStores } from '../stores/context';

/** Copyright from 2012 to this year, the content policy, and the language choice. */
export const Footer = observer(function Footer() {
  const { env } = useStores();
  // This page again in another language: from the normalised path, so `//host/x` stays on this site.
  const here = sitePath(useLocation().pathname);
  return (
    <footer className="site-footer">
      <p>{env.t('footer.copyright', { start: COPYRIGHT_START_YEAR, year: env.year })}</p>
      <p className="site-footer__links">
        <Link to={CONTENT_POLICY_PATH}>{env.t('footer.contentPolicy')}</Link>
      </p>
      <nav className="site-footer__languages" aria-label={env.t('footer.language')}>
        {TEXT_LOCALES.map((locale) =>
          locale === env.textLocale ? (
            <span key={locale} aria-current="true" lang={locale}>
              {env.t(`lang.${locale}`)}
            </span>
          ) : (
            // A document load: the server renders the new language and remembers the choice.
            <a key={locale} href={`${here}?${LANG_PARAM}=${locale}`} hrefLang={locale} lang={locale}>
              {env.t(`lang.${locale}`)}
            </a>
          ),
        )}
      </nav>
    </footer>
  );
});
