import { makeObservable, observable } from 'mobx';

export interface AccountSnapshot {
  /** Absent (null) when signed out. */
  id: number | null;
  username: string | null;
}

/** The signed-in account; sign-in itself arrives with the accounts API. */
export class AccountStore {
  id: number | null;
  username: string | null;

  constructor(snapshot?: Partial<AccountSnapshot>) {
    this.id = snapshot?.id ?? null;
    this.username = snapshot?.username ?? null;
    makeObservable(this, { id: observable, username: observable });
  }

  get signedIn(): boolean {
    return this.id !== null;
  }

  toJSON(): AccountSnapshot {
    return { id: this.id, username: this.username };
  }
}
