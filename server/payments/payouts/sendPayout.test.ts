import { describe, expect, it } from 'vitest';
import { WechatPayUpstreamError } from '../wechatpay/client';
import { outcomeUnknown } from './sendPayout';

describe('outcomeUnknown', () => {
  const error = (status: number | null, code: string | null) => new WechatPayUpstreamError('x', status, code);

  it('counts no answer, 5xx, busy and unbelievable answers as unknown: the transfer may exist', () => {
    expect(outcomeUnknown(error(null, null))).toBe(true);
    expect(outcomeUnknown(error(500, 'SYSTEM_ERROR'))).toBe(true);
    expect(outcomeUnknown(error(503, null))).toBe(true);
    expect(outcomeUnknown(error(429, 'FREQUENCY_LIMITED'))).toBe(true);
    expect(outcomeUnknown(error(200, null))).toBe(true);
    expect(outcomeUnknown(error(400, null))).toBe(true);
  });

  it('counts a 4xx with a code as a refusal: the transfer was not taken', () => {
    expect(outcomeUnknown(error(401, 'SIGN_ERROR'))).toBe(false);
    expect(outcomeUnknown(error(400, 'PARAM_ERROR'))).toBe(false);
    expect(outcomeUnknown(error(403, 'NOT_ENOUGH'))).toBe(false);
    expect(outcomeUnknown(error(400, 'INVALID_REQUEST'))).toBe(false);
  });
});
