import { describe, expect, it } from 'vitest';
import { issueState, STATE_TTL_MS, stateKey, verifyState } from './signInState';

const key = stateKey(['web-secret', 'mp-secret']);
const now = Date.UTC(2026, 10, 22, 12);

describe('the WeChat sign-in state', () => {
  it('fits WeChat’s rule (at most 128 letters and digits) and comes back with its app and next', () => {
    const issued = issueState(key, 'mp', '/@ann/?x=1', now);
    expect(issued.state).toMatch(/^[a-zA-Z0-9]{1,128}$/);
    expect(verifyState(key, issued.state, issued.cookie, now + 1000)).toEqual({ app: 'mp', next: '/@ann/?x=1' });
    expect(verifyState(key, issueState(key, 'web', '/', now).state, issueState(key, 'web', '/', now).cookie, now)).toBeNull();
  });

  it('marks the payment sign-in’s state, which no other state can pose as', () => {
    const issued = issueState(key, 'mp', '/member', now, 'payment');
    expect(issued.state).toMatch(/^p[a-f0-9]{106}$/);
    expect(verifyState(key, issued.state, issued.cookie, now)).toEqual({ app: 'mp', next: '/member', payment: true });
    expect(verifyState(key, `m${issued.state.slice(1)}`, issued.cookie, now)).toBeNull();
    const signIn = issueState(key, 'mp', '/member', now);
    expect(verifyState(key, `p${signIn.state.slice(1)}`, signIn.cookie, now)).toBeNull();
    expect(() => issueState(key, 'web', '/', now, 'payment')).toThrow();
  });

  it('refuses a changed state, app, next or key, another browser’s cookie, and an expired state', () => {
    const issued = issueState(key, 'web', '/a', now);
    const flipped = issued.state.slice(0, -1) + (issued.state.endsWith('0') ? '1' : '0');
    expect(verifyState(key, flipped, issued.cookie, now)).toBeNull();
    expect(verifyState(key, `m${issued.state.slice(1)}`, issued.cookie, now)).toBeNull();
    expect(verifyState(key, issued.state, issued.cookie.replace('/a', '/b'), now)).toBeNull();
    expect(verifyState(stateKey(['other']), issued.state, issued.cookie, now)).toBeNull();
    expect(verifyState(key, issued.state, issueState(key, 'web', '/a', now).cookie, now)).toBeNull();
    expect(verifyState(key, issued.state, undefined, now)).toBeNull();
    expect(verifyState(key, issued.state, issued.cookie, now + STATE_TTL_MS + 1000)).toBeNull();
    expect(verifyState(key, '', issued.cookie, now)).toBeNull();
  });
});
