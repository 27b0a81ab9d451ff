import { describe, expect, it } from 'vitest';
import { columnRefusal, isAccountErrorReason } from './accountErrors';

describe('columnRefusal', () => {
  const now = Date.UTC(2026, 5, 1);
  const owner = { status: 'active', membership_tier: null, membership_expires_at: null };

  it('shows the column of an active account, with or without a running membership', () => {
    expect(columnRefusal(owner, now)).toBeNull();
    expect(columnRefusal({ ...owner, membership_tier: 'vip', membership_expires_at: now + 1 }, now)).toBeNull();
  });

  it('refuses banned, suspended and lapsed accounts, banned first', () => {
    expect(columnRefusal({ ...owner, status: 'banned', membership_tier: 'vip', membership_expires_at: now }, now)).toBe('Account Banned');
    expect(columnRefusal({ ...owner, status: 'suspended' }, now)).toBe('Account Suspended');
    expect(columnRefusal({ ...owner, membership_tier: 'premium', membership_expires_at: now }, now)).toBe('Account Expired');
  });

  it('knows its reasons', () => {
    expect(isAccountErrorReason('Account Suspended')).toBe(true);
    expect(isAccountErrorReason('User Expired')).toBe(false);
  });
});
