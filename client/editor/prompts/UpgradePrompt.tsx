import type { PromptStore } from './PromptStore';

export function UpgradePrompt(props: { store: PromptStore }) {
  void props;
  return null;
}
