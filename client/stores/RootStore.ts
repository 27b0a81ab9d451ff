import type { Catalogue } from '../i18n/en';
import { AccountStore, type AccountSnapshot } from './AccountStore';
import { EnvStore, type EnvSnapshot } from './EnvStore';
import { UiStore, type UiSnapshot } from './UiStore';

export interface RootSnapshot {
  env: EnvSnapshot;
  ui: UiSnapshot;
  account: AccountSnapshot;
}

/** One per request on the server, one per page load in the browser. */
export class RootStore {
  readonly env: EnvStore;
  readonly ui: UiStore;
  readonly account: AccountStore;

  constructor(snapshot: Pick<RootSnapshot, 'env'> & Partial<RootSnapshot>, catalogue: Catalogue) {
    this.env = new EnvStore(snapshot.env, catalogue);
    this.ui = new UiStore(snapshot.ui);
    this.account = new AccountStore(snapshot.account);
  }

  /** The snapshot serialised into the page and rebuilt before hydration. */
  toJSON(): RootSnapshot {
    return { env: this.env.toJSON(), ui: this.ui.toJSON(), account: this.account.toJSON() };
  }
}
