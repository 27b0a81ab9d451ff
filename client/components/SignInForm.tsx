import { observer } from 'mobx-react-lite';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useStores } from '../stores/context';
import { formText } from '../forms/formText';
import { useHydrated } from './useHydrated';

/** The mail sign-in and password-reset forms (docs/specification/shell.md §2, §4), used by the page and the overlay. */
export const SignInForm = observer(function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { env, signIn } = useStores();
  const hydrated = useHydrated();
  const { t } = env;

  const submitMail = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const ok = await signIn.signInByMail(formText(form, 'email'), formText(form, 'password'));
    if (ok) onSignedIn();
  };

  const submitReset = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await signIn.requestReset(formText(new FormData(event.currentTarget), 'email'));
  };

  return (
    <div className="sign-in">
      {signIn.mode === 'reset' ? (
        <form className="form" method="post" onSubmit={(event) => void submitReset(event)} noValidate>
          <h2 className="form__heading">{t('reset.heading')}</h2>
          <p className="form__hint">{t('reset.intro')}</p>
          <label className="form__field">
            <span>{t('signIn.email')}</span>
            <input name="email" type="email" autoComplete="email" inputMode="email" maxLength={254} />
          </label>
          <button type="submit" className="button button--primary form__submit" disabled={!hydrated || signIn.submitting}>
            {t('reset.submit')}
          </button>
          <button type="button" className="link-button" onClick={() => signIn.setMode('mail')}>
            {t('signIn.back')}
          </button>
        </form>
      ) : (
        <form className="form" method="post" onSubmit={(event) => void submitMail(event)} noValidate>
          <label className="form__field">
            <span>{t('signIn.email')}</span>
            <input name="email" type="email" autoComplete="username" inputMode="email" maxLength={254} />
          </label>
          <label className="form__field">
            <span>{t('signIn.password')}</span>
            <input name="password" type="password" autoComplete="current-password" maxLength={1024} />
          </label>
          <button type="submit" className="button button--primary form__submit" disabled={!hydrated || signIn.submitting}>
            {signIn.submitting ? t('signIn.submitting') : t('signIn.submit')}
          </button>
          <button type="button" className="link-button" onClick={() => signIn.setMode('reset')}>
            {t('signIn.forgot')}
          </button>
        </form>
      )}
      <p className="form__tip" role="status" aria-live="polite">
        {signIn.tips.text ?? ''}
      </p>
      <p className="sign-in__notice">
        {t('signIn.appNotice')} <Link to="/apps/download/">{t('signIn.appLink')}</Link>
      </p>
    </div>
  );
});
