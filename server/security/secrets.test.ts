import { describe, expect, it } from 'vitest';
import { newSecret } from './secrets';

describe('secrets', () => {
  it('are URL-safe, of the asked length, and never repeat across many pool refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const secret = newSecret(24);
      expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
      seen.add(secret);
    }
    expect(seen.size).toBe(5000);
    expect(Buffer.from(newSecret(5000), 'base64url')).toHaveLength(5000);
  });
});
