import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestMerchantTransfer } from './merchantTransfer';

const CONFIRM = { mch_id: '1900000109', app_id: 'wxmp00000000000001', package: 'ABBQO+oYAAABAAAAAAB' };
const PARAMS = { mchId: '1900000109', appId: 'wxmp00000000000001', package: 'ABBQO+oYAAABAAAAAAB' };

describe('requestMerchantTransfer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hands the bill to wx.requestMerchantTransfer when the JS-SDK has it', async () => {
    const call = vi.fn((options: { success: (res: unknown) => void }) => options.success({ errMsg: 'requestMerchantTransfer:ok' }));
    vi.stubGlobal('window', { wx: { requestMerchantTransfer: call } });
    expect(await requestMerchantTransfer(CONFIRM)).toBe('requestMerchantTransfer:ok');
    expect(call.mock.calls[0]?.[0]).toMatchObject(PARAMS);
  });

  it('falls back to the bridge, and says when there is none', async () => {
    const invoke = vi.fn((_name: string, _params: unknown, done: (res: unknown) => void) => done({ err_msg: 'requestMerchantTransfer:cancel' }));
    vi.stubGlobal('window', { wx: {}, WeixinJSBridge: { invoke } });
    expect(await requestMerchantTransfer(CONFIRM)).toBe('requestMerchantTransfer:cancel');
    expect(invoke.mock.calls[0]?.slice(0, 2)).toEqual(['requestMerchantTransfer', PARAMS]);
    vi.stubGlobal('window', {});
    expect(await requestMerchantTransfer(CONFIRM)).toBe('WeixinJSBridge is not available');
  });
});
