import { describe, expect, it } from 'vitest';
import { benchUserRow } from './benchUserRow';

describe('benchUserRow', () => {
  it('is an active plain account with an empty profile', () => {
    const row = benchUserRow({ email: 'a@bench.test', username: 'a', created_at: 5 });
    expect(row).toMatchObject({ email: 'a@bench.test', username: 'a', created_at: 5, role: 'user', status: 'active', password_hash: '', city: '' });
  });

  it('takes the fields given over the defaults', () => {
    expect(benchUserRow({ email: 'b@bench.test', username: 'b', created_at: 1 }, { status: 'banned', description: 'hi' })).toMatchObject({
      status: 'banned',
      description: 'hi',
    });
  });
});
