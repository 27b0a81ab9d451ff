import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStores } from '../stores/context';

/** The feedback popup (docs/specification/shell.md §2, §5, §8): slides in from the right; loaded on first open. */
export default observer(function FeedbackPopup() {
  const { env, feedback } = useStores();
  const { t } = env;
  const [suggesting, setSuggesting] = useState(false);
  const listId = useId();
  const suggestions = suggesting ? feedback.suggestions : [];

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') feedback.close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [feedback]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSuggesting(false);
    void feedback.submit();
  };

  return (
    <div className="feedback" role="dialog" aria-modal="true" aria-labelledby="feedback-title">
      <button type="button" className="feedback__scrim" aria-label={t('feedback.close')} tabIndex={-1} onClick={() => feedback.close()} />
      <form className="feedback__panel form" onSubmit={submit} noValidate>
        <h2 id="feedback-title" className="feedback__title">
          {t('feedback.title')}
        </h2>
        <button type="button" className="overlay__close" aria-label={t('feedback.close')} onClick={() => feedback.close()}>
          ×
        </button>
        <label className="form__field feedback__email">
          <span>{t('feedback.email')}</span>
          <input
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            maxLength={254}
            value={feedback.email}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={suggestions.length > 0}
            aria-controls={listId}
            onChange={(event) => {
              feedback.setEmail(event.target.value);
              setSuggesting(true);
            }}
            onFocus={() => setSuggesting(true)}
            onBlur={() => setSuggesting(false)}
          />
        </label>
        <ul className="feedback__suggestions" id={listId} role="listbox" aria-label={t('feedback.suggestions')} hidden={suggestions.length === 0}>
          {suggestions.map((address) => (
            <li
              key={address}
              role="option"
              aria-selected="false"
              // Before the input's blur, so the choice lands.
              onMouseDown={(event) => {
                event.preventDefault();
                feedback.setEmail(address);
                setSuggesting(false);
              }}
            >
              {address}
            </li>
          ))}
        </ul>
        <label className="form__field">
          <span>{t('feedback.content')}</span>
          <textarea
            name="content"
            rows={6}
            maxLength={5000}
            placeholder={t('feedback.contentPlaceholder')}
            value={feedback.content}
            onChange={(event) => feedback.setContent(event.target.value)}
          />
        </label>
        <button
          type="submit"
          // Dimmed, not disabled: a click on it says which field is missing.
          className={`button button--primary form__submit${feedback.filled ? '' : ' feedback__submit--dim'}`}
        >
          {t('feedback.submit')}
        </button>
        <p className="form__tip" role="status" aria-live="polite">
          {feedback.tips.text ?? ''}
        </p>
      </form>
    </div>
  );
});
