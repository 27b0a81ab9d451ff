import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SMS_CODE, SMS_ERRORS } from '../../shared/phone';
import type { DB } from '../db/schema';
import type { SmsSender } from './sender';
import { DomainError } from '../domain/DomainError';
import { hashSecret, secretsEqual } from '../security/secrets';

export interface SmsDeps {
  db: Kysely<DB>;
  sms: SmsSender;
  now: () => number;
  siteName: string;
  /** Told when the SMS provider refused or could not be reached. */
  onSendFailure?: (error: unknown) => void;
}

export type SmsLanguage = 'en' | 'zh-CN' | 'zh-TW';

/**
 * Sends a fresh code to a number (already normalised), after the resend wait and the
 * per-number and per-address limits. Older codes of the number stop working. `'not_sent'` when
 * the provider refused or could not be reached (the API answers 503, server/api/sms/routes.ts).
 */
export async function sendCode(deps: SmsDeps, phone: string, address: string, language: SmsLanguage): Promise<'sent' | 'not_sent'> {
  const now = deps.now();
  const since = now - SMS_CODE.windowMs;
  const recent = await deps.db
    .selectFrom('sms_codes')
    .select(['created_at'])
    .where('phone', '=', phone)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();
  const latest = recent[0];
  if (latest && now - latest.created_at < SMS_CODE.resendAfterMs) {
    throw new DomainError('limit', SMS_ERRORS.wait(Math.ceil((latest.created_at + SMS_CODE.resendAfterMs - now) / 1000)));
  }
  if (recent.length >= SMS_CODE.perNumber) throw new DomainError('limit', SMS_ERRORS.tooManyForNumber);
  const fromAddress = await deps.db
    .selectFrom('sms_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('address', '=', address)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(fromAddress.n) >= SMS_CODE.perAddress) throw new DomainError('limit', SMS_ERRORS.tooManyFromAddress);

  const code = String(randomInt(0, 10 ** SMS_CODE.length)).padStart(SMS_CODE.length, '0');
  const id = await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('sms_codes').set({ used_at: now }).where('phone', '=', phone).where('used_at', 'is', null).execute();
    const row = await trx
      .insertInto('sms_codes')
      .values({ phone, code_hash: codeHash(phone, code), address, created_at: now, expires_at: now + SMS_CODE.ttlMs })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  try {
    await deps.sms.send({ to: phone, text: smsText(language, deps.siteName, code) });
  } catch (error) {
    // A code that never left does not count against the limits; the reader may try again at once.
    await deps.db.deleteFrom('sms_codes').where('id', '=', id).execute();
    deps.onSendFailure?.(error);
    return 'not_sent';
  }
  return 'sent';
}

/** Checks a code against the number's live one; a right code is spent, a wrong one counts a try. */
export async function verifyCode(deps: SmsDeps, phone: string, code: string): Promise<void> {
  const now = deps.now();
  const row = await deps.db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at'])
    .where('phone', '=', phone)
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row || row.expires_at <= now) throw new DomainError('invalid', SMS_ERRORS.noCode);
  if (row.attempts >= SMS_CODE.maxAttempts) throw new DomainError('limit', SMS_ERRORS.spent);
  if (secretsEqual(row.code_hash, codeHash(phone, code))) {
    const spent = await deps.db.updateTable('sms_codes').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
    // A second, simultaneous verification of the same code loses.
    if (Number(spent.numUpdatedRows) !== 1) throw new DomainError('invalid', SMS_ERRORS.noCode);
    return;
  }
  await deps.db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .execute();
  throw new DomainError('invalid', row.attempts + 1 >= SMS_CODE.maxAttempts ? SMS_ERRORS.spent : SMS_ERRORS.wrong);
}

/** The stored form of a code: salted with its number, so equal codes of two numbers differ. */
function codeHash(phone: string, code: string): string {
  return hashSecret(`${phone}:${code}`);
}

function smsText(language: SmsLanguage, site: string, code: string): string {
  const minutes = SMS_CODE.ttlMs / 60_000;
  if (language === 'zh-CN') return `【${site}】您的验证码是 ${code}，${minutes} 分钟内有效。请勿告诉他人。`;
  if (language === 'zh-TW') return `【${site}】您的驗證碼是 ${code}，${minutes} 分鐘內有效。請勿告訴他人。`;
  return `${site}: your verification code is ${code}. It expires in ${minutes} minutes. Do not share it.`;
}
