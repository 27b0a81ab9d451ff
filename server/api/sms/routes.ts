import { Router } from 'express';
import { z } from 'zod';
import { isSmsCode, normalizePhone, SMS_ERRORS } from '../../../shared/phone';
import type { SmsCodeRequest, SmsCodeSent, SmsVerified, SmsVerifyRequest } from '../../../shared/sms';
import { callerAddress } from '../caller';
import { ApiError } from '../errors';
import { requestSchema } from '../requestSchema';
import { sendCode, verifyCode, type SmsDeps } from '../../sms/phoneCodes';

const phoneField = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (!phone) ctx.addIssue({ code: 'custom', message: 'Enter a valid phone number.' });
    return phone ?? '';
  });

const sendBody = requestSchema<SmsCodeRequest>()(
  z.object({
    phone: phoneField,
    lang: z.enum(['en', 'zh-CN', 'zh-TW']).default('en'),
  }),
);
const verifyBody = requestSchema<SmsVerifyRequest>()(
  z.object({
    phone: phoneField,
    code: z
      .string()
      .max(20)
      .refine(isSmsCode, 'Enter the 6-digit code.')
      .transform((c) => c.trim()),
  }),
);

/** The phone-code flow of `/h5/sms_code` (docs/decisions/016): send a code, verify it. */
export function smsRoutes(deps: SmsDeps): Router {
  const router = Router();

  router.post('/code/', async (req, res) => {
    const body = sendBody.parse(req.body);
    const sent = await sendCode(deps, body.phone, callerAddress(req), body.lang);
    if (sent === 'not_sent') throw ApiError.detail(503, SMS_ERRORS.notSent);
    res.json({ detail: 'The code has been sent.', phone: body.phone } satisfies SmsCodeSent);
  });

  router.post('/verify/', async (req, res) => {
    const body = verifyBody.parse(req.body);
    await verifyCode(deps, body.phone, body.code);
    res.json({ detail: 'The phone number is verified.', phone: body.phone, verified: true } satisfies SmsVerified);
  });

  return router;
}
