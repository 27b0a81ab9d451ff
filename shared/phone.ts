/** The phone-code rules of the SMS page (docs/decisions/016). */
export const SMS_CODE = {
  /** Digits in a code. */
  length: 6,
  /** A code lives ten minutes. */
  ttlMs: 10 * 60_000,
  /** Wrong tries before a code is spent. */
  maxAttempts: 5,
  /** A number may ask again after a minute. */
  resendAfterMs: 60_000,
  /** Codes per number, and per client address, in `windowMs`. */
  perNumber: 5,
  perAddress: 20,
  windowMs: 60 * 60_000,
} as const;

/** The API's answers to a refused send or verification (the client turns them into its own language). */
export const SMS_ERRORS = {
  wait: (seconds: number) => `Please wait ${seconds} seconds before asking for another code.`,
  tooManyForNumber: 'Too many codes were sent to this number. Please try again later.',
  tooManyFromAddress: 'Too many codes were requested from this network. Please try again later.',
  noCode: 'The code has expired or was never sent. Please ask for a new one.',
  spent: 'Too many wrong codes. Please ask for a new one.',
  wrong: 'The code is not correct.',
  notSent: 'The text message could not be sent. Please try again later.',
} as const;

/**
 * A phone number in E.164 form (`+8613800138000`), or null when it is not one.
 * Spaces, dashes, dots and brackets are ignored; an 11-digit mainland mobile
 * number without a country code is taken as +86; `00` counts as `+`.
 */
export function normalizePhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  if (/^1[3-9]\d{9}$/.test(compact)) return `+86${compact}`;
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  return /^\+[1-9]\d{6,14}$/.test(international) ? international : null;
}

/** A code as typed: exactly six digits, spaces around ignored. */
export function isSmsCode(input: string): boolean {
  return new RegExp(`^\\d{${SMS_CODE.length}}$`).test(input.trim());
}
