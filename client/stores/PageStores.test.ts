import { observable, runInAction } from 'mobx';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en';
import type { ApiTransport } from '../api/transport';
import { makeStoreObservable } from './observable';
import { pageStore } from './pageStore';
import { RootStore } from './RootStore';

const env = { locale: 'en', clientType: { shell: 'browser', os: 'other' }, siteName: 'Zine', year: 2026, logEndpoint: '/log', renderedAt: 0 } as const;
const offline: ApiTransport = async () => ({ status: 503, data: { detail: 'offline' } });

class Counter {
  value: number;
  refreshed = 0;
  constructor(snapshot?: { value: number }) {
    this.value = snapshot?.value ?? 0;
    makeStoreObservable(this, { value: observable });
  }
  async refresh(): Promise<void> {
    this.refreshed++;
  }
  toJSON(): { value: number } {
    return { value: this.value };
  }
}

const counterStore = pageStore('counter', (_stores, snapshot: { value: number } | undefined) => new Counter(snapshot));

describe('page stores', () => {
  it('are made once per root store, and only the ones made are in the snapshot', () => {
    const stores = new RootStore({ env }, en, offline);
    expect(stores.toJSON()).not.toHaveProperty('pages');
    const counter = counterStore(stores);
    expect(counterStore(stores)).toBe(counter);
    expect(counterStore(new RootStore({ env }, en, offline))).not.toBe(counter);
    runInAction(() => (counter.value = 3));
    expect(stores.toJSON().pages).toEqual({ counter: { value: 3 } });
  });

  it('start in the browser from the snapshot the server wrote', () => {
    const server = new RootStore({ env }, en, offline);
    runInAction(() => (counterStore(server).value = 5));
    const browser = new RootStore(JSON.parse(JSON.stringify(server)), en, offline);
    expect(counterStore(browser).value).toBe(5);
    expect(browser.toJSON()).toEqual(server.toJSON());
  });

  it('read again after a sign-in in the overlay', async () => {
    const stores = new RootStore({ env }, en, offline);
    const counter = counterStore(stores);
    await stores.afterSignIn();
    expect(counter.refreshed).toBe(1);
  });

  it('refuse a second store under the same name', () => {
    const stores = new RootStore({ env }, en, offline);
    counterStore(stores);
    const twin = pageStore('counter', () => new Counter());
    expect(() => twin(stores)).toThrow('two page stores named counter');
  });
});
