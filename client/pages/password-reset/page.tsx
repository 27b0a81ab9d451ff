import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { SIGN_IN_PATH } from '../../../shared/constants';
import { ApiRequestError } from '../../api/client';
import { ScreenFrame } from '../../components/ScreenFrame';
import { useHydrated } from '../../components/useHydrated';
import { formText } from '../../forms/formText';
import { useStores } from '../../stores/context';

const MIN = 8;
const MAX = 128;

/** The page the reset mail links to: choose a new password with the mail's token. */
export default observer(function PasswordResetPage() {
  const { env, account } = useStores();
  const { token = '' } = useParams();
  const hydrated = useHydrated();
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const { t } = env;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const password = formText(form, 'password');
    if (password.length < MIN || password.length > MAX) return setMessage(t('newPassword.tooShort'));
    if (password !== formText(form, 'repeat')) return setMessage(t('newPassword.mismatch'));
    setBusy(true);
    try {
      await account.confirmPasswordReset(token, password);
      setDone(true);
      setMessage(null);
    } catch (error) {
      setMessage(error instanceof ApiRequestError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ScreenFrame titleKey="screen.password-reset.title" introKey="screen.password-reset.intro">
      {done ? (
        <p className="form__done" role="status">
          {t('newPassword.done')} <Link to={SIGN_IN_PATH}>{t('signIn.submit')}</Link>
        </p>
      ) : (
        <form className="form" method="post" onSubmit={(event) => void submit(event)} noValidate>
          <h2 className="form__heading">{t('newPassword.heading')}</h2>
          <label className="form__field">
            <span>{t('newPassword.password')}</span>
            <input name="password" type="password" autoComplete="new-password" maxLength={MAX} />
          </label>
          <label className="form__field">
            <span>{t('newPassword.repeat')}</span>
            <input name="repeat" type="password" autoComplete="new-password" maxLength={MAX} />
          </label>
          <button type="submit" className="button button--primary form__submit" disabled={!hydrated || busy}>
            {t('newPassword.submit')}
          </button>
          <p className="form__tip" role="status" aria-live="polite">
            {message ?? ''}
          </p>
        </form>
      )}
    </ScreenFrame>
  );
});
