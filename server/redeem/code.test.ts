import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, formatCode, generateCode, normalizeCode } from './code';

describe('redeem codes', () => {
  it('are 16 characters of the Crockford alphabet, and differ', () => {
    const codes = new Set(Array.from({ length: 500 }, () => generateCode()));
    expect(codes.size).toBe(500);
    for (const code of codes) {
      expect(code).toHaveLength(16);
      expect([...code].every((c) => CODE_ALPHABET.includes(c))).toBe(true);
    }
  });

  it('read back however they are typed', () => {
    const code = 'AB0D1FGH2KMN3PQR';
    expect(normalizeCode(formatCode(code))).toBe(code);
    expect(normalizeCode(' ab0d-1fgh 2kmn-3pqr ')).toBe(code);
    expect(normalizeCode('abod-ifgh-2kmn-3pqr')).toBe(code);
    expect(normalizeCode('ABlD1FGH2KMN3PQR')).toBe('AB1D1FGH2KMN3PQR');
  });

  it('refuse what cannot be a code', () => {
    expect(normalizeCode('')).toBeNull();
    expect(normalizeCode('ABCD')).toBeNull();
    expect(normalizeCode('ABCD-EFGH-JKMN-PQRU')).toBeNull();
    expect(normalizeCode('<script>alert(1)</script>')).toBeNull();
    expect(normalizeCode('ABCD-EFGH-JKMN-PQRST')).toBeNull();
  });

  it('format in groups of four', () => {
    expect(formatCode('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
  });
});
