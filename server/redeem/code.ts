import { randomInt } from 'node:crypto';

/** Crockford base32: no I, L, O or U, so a code read aloud or off a card is not misread. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 16 characters of 32: 80 random bits, far beyond guessing at a throttled rate. */
export const CODE_LENGTH = 16;
export const REFERRAL_CODE_LENGTH = 8;

/** A fresh random code from the OS's cryptographic generator. */
export function generateCode(length = CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * What a person typed, as stored: case, spaces and dashes ignored, and the letters
 * Crockford reads as digits (O as 0, I and L as 1). Null when it cannot be a code.
 */
export function normalizeCode(input: string, length = CODE_LENGTH): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== length) return null;
  for (const char of code) if (!CODE_ALPHABET.includes(char)) return null;
  return code;
}

/** Groups of four for people: ABCD-EFGH-JKMN-PQRS. */
export function formatCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}
