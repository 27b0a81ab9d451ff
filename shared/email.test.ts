import { describe, expect, it } from 'vitest';
import { isValidEmail, normaliseEmail } from './email';

describe('isValidEmail (docs/specification/shell.md §5)', () => {
  it.each(['ann@example.com', 'a.b_c@mail.co.uk', '王小明@qq.com', 'x@y-z.cn'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each(['', 'ann', 'ann@localhost', 'ann+tag@example.com', '@example.com', 'a b@example.com', 'ann@.com'])('refuses %s', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
  it('normalises case and spaces', () => {
    expect(normaliseEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });
});
