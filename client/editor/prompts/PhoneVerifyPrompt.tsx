import { observer } from 'mobx-react-lite';
import { PROMPT_ACTIONS_STYLE, PROMPT_BUTTON_STYLE, PROMPT_PRIMARY_STYLE } from './promptStyles';
import type { PromptStore } from './PromptStore';
import { SmallDialog } from './SmallDialog';
import { promptTexts } from './texts';

/** The phone-verification prompt (docs/specification/content-and-commerce.md §2): the /h5/sms_code page in a frame, or in a new tab. */
export const PhoneVerifyPrompt = observer(function PhoneVerifyPrompt(props: { store: PromptStore }) {
  const { store } = props;
  if (!store.phoneVerify) return null;
  const t = promptTexts(store.deps.locale);
  const close = () => store.close();
  const page = `/h5/sms_code?__lang=${encodeURIComponent(store.deps.locale)}`;
  return (
    <SmallDialog title={t('phone.title')} onClose={close} className="phone-verify-prompt">
      <p className="prompt-body">{t('phone.body')}</p>
      <iframe
        className="prompt-frame"
        style={{ width: '100%', border: '1px solid #e6e2da', borderRadius: 8 }}
        src={page}
        title={t('phone.title')}
        width={360}
        height={420}
      />
      <div className="prompt-actions" style={PROMPT_ACTIONS_STYLE}>
        <a className="prompt-button" style={PROMPT_BUTTON_STYLE} href={page} target="_blank" rel="noopener">
          {t('phone.openPage')}
        </a>
        <button type="button" className="prompt-button is-primary" style={PROMPT_PRIMARY_STYLE} onClick={close}>
          {t('close')}
        </button>
      </div>
    </SmallDialog>
  );
});
