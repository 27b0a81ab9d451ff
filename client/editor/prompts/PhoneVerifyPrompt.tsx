import type { PromptStore } from './PromptStore';

export function PhoneVerifyPrompt(props: { store: PromptStore }) {
  void props;
  return null;
}
