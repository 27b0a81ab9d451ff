import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SMS_ERRORS } from '../../../shared/phone';
import { ApiClient } from '../../api/client';
import type { ApiRequest } from '../../api/transport';
import { SmsCodeStore } from './SmsCodeStore';

type Answer = { status: number; data: unknown };

function storeWith(answers: Answer[]) {
  const calls: ApiRequest[] = [];
  const api = new ApiClient(async (request) => {
    calls.push(request);
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left');
    return answer;
  });
  return { store: new SmsCodeStore(api, 'zh-CN'), calls };
}

describe('SmsCodeStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks the number before calling, then sends in the page language and counts down a minute', async () => {
    const { store, calls } = storeWith([{ status: 200, data: { detail: 'sent', phone: '+8613800138000' } }]);
    store.setPhone('12345');
    await store.send();
    expect(store.error).toEqual({ key: 'error.phone' });
    expect(calls).toHaveLength(0);
    store.setPhone('138 0013 8000');
    await store.send();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/sms/code/', body: { phone: '+8613800138000', lang: 'zh-CN' } });
    expect(store.step).toBe('code');
    expect(store.sentTo).toBe('+8613800138000');
    expect(store.resendIn).toBe(60);
    await store.send();
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(59_000);
    expect(store.resendIn).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(store.resendIn).toBe(0);
    store.dispose();
  });

  it('keeps only digits of a code, checks six of them, and maps the server answers to texts', async () => {
    const { store, calls } = storeWith([
      { status: 200, data: { detail: 'sent', phone: '+8613800138000' } },
      { status: 400, data: { detail: SMS_ERRORS.wrong } },
      { status: 400, data: { detail: SMS_ERRORS.noCode } },
      { status: 429, data: { detail: SMS_ERRORS.spent } },
      { status: 500, data: 'boom' },
      { status: 200, data: { detail: 'ok', phone: '+8613800138000', verified: true } },
    ]);
    store.setPhone('13800138000');
    await store.send();
    store.setCode('12a3');
    expect(store.code).toBe('123');
    await store.verify();
    expect(store.error).toEqual({ key: 'error.code' });
    expect(calls).toHaveLength(1);
    store.setCode('123456789');
    expect(store.code).toBe('123456');
    await store.verify();
    expect(store.error).toEqual({ key: 'error.wrong' });
    await store.verify();
    expect(store.error).toEqual({ key: 'error.expired' });
    await store.verify();
    expect(store.error).toEqual({ key: 'error.spent' });
    await store.verify();
    expect(store.error).toEqual({ key: 'error.failed', params: { status: 500 } });
    await store.verify();
    expect(calls.at(-1)).toMatchObject({ path: '/api/sms/verify/', body: { phone: '+8613800138000', code: '123456' } });
    expect(store.step).toBe('verified');
    expect(store.error).toBeNull();
    store.dispose();
  });

  it('waits as long as the server says when asked too early, and says so', async () => {
    const { store } = storeWith([
      { status: 429, data: { detail: SMS_ERRORS.wait(42) } },
      { status: 429, data: { detail: SMS_ERRORS.tooManyFromAddress } },
      { status: 503, data: { detail: SMS_ERRORS.notSent } },
    ]);
    store.setPhone('13800138000');
    await store.send();
    expect(store.error).toEqual({ key: 'error.wait', params: { count: 42 } });
    expect(store.resendIn).toBe(42);
    expect(store.step).toBe('phone');
    vi.advanceTimersByTime(42_000);
    await store.send();
    expect(store.error).toEqual({ key: 'error.tooMany' });
    await store.send();
    expect(store.error).toEqual({ key: 'error.notSent' });
    expect(store.resendIn).toBe(0);
    store.dispose();
  });
});
