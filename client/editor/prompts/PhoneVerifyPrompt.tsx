import { observer } from 'mobx-react-lite';
import { TOOL_BUTTON_STYLE } from '../format/toolStyles';
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
      <div className="prompt-actions" style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, flexWrap: 'wrap', marginTop: 16 }}>
        <a className="prompt-button" style={{ ...TOOL_BUTTON_STYLE, textDecoration: 'none' }} href={page} target="_blank" rel="noopener">
          {t('phone.openPage')}
        </a>
        <button
          type="button"
          className="prompt-button is-primary"
          style={{ ...TOOL_BUTTON_STYLE, background: '#2f6feb', borderColor: '#2f6feb', color: '#fff', textDecoration: 'none' }}
          onClick={close}
        >
          {t('close')}
        </button>
      </div>
    </SmallDialog>
  );
});
