import { action, makeObservable, observable } from 'mobx';
import type { EditorDeps } from '../EditorDeps';

export type UpgradeReason = 'traffic' | 'pdf';

/** Which small prompt is open: the member upgrade (by reason) or the phone verification. */
export class PromptStore {
  upgrade: UpgradeReason | null = null;
  phoneVerify = false;

  constructor(readonly deps: EditorDeps) {
    makeObservable(this, {
      upgrade: observable,
      phoneVerify: observable,
      openUpgrade: action,
      openPhoneVerify: action,
      close: action,
    });
  }

  openUpgrade(reason: UpgradeReason): void {
    this.upgrade = reason;
  }

  openPhoneVerify(): void {
    this.phoneVerify = true;
  }

  close(): void {
    this.upgrade = null;
    this.phoneVerify = false;
  }
}
