import { observer } from 'mobx-react-lite';
import { MemberLink } from '../../components/MemberLink';
import { PROMPT_ACTIONS_STYLE, PROMPT_BUTTON_STYLE, PROMPT_PRIMARY_STYLE } from './promptStyles';
import type { PromptStore } from './PromptStore';
import { SmallDialog } from './SmallDialog';
import { promptTexts } from './texts';

/** The member-upgrade prompt by reason (docs/specification/content-and-commerce.md §2, §6): traffic used up or PDF exports used up; it leads to /member/ in a new tab. */
export const UpgradePrompt = observer(function UpgradePrompt(props: { store: PromptStore }) {
  const { store } = props;
  const reason = store.upgrade;
  if (!reason) return null;
  const t = promptTexts(store.deps.locale);
  const close = () => store.close();
  return (
    <SmallDialog title={t(`upgrade.${reason}.title`)} onClose={close} className="upgrade-prompt">
      <p className="prompt-body">{t(`upgrade.${reason}.body`)}</p>
      <div className="prompt-actions" style={PROMPT_ACTIONS_STYLE}>
        <button type="button" className="prompt-button" style={PROMPT_BUTTON_STYLE} onClick={close}>
          {t('later')}
        </button>
        <MemberLink className="prompt-button is-primary" style={PROMPT_PRIMARY_STYLE} onClick={close}>
          {t('upgrade.action')}
        </MemberLink>
      </div>
    </SmallDialog>
  );
});
