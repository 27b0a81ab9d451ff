import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../api/client';
import type { ApiRequest } from '../api/transport';
import { signSharePage } from './wechatShare';

function apiAnswering(data: unknown, sent: ApiRequest[] = []): ApiClient {
  return new ApiClient(async (request: ApiRequest) => {
    sent.push(request);
    return { status: 200, data };
  });
}

const SIGNED = { appId: 'wxmp00000000000001', timestamp: 1414587457, nonceStr: 'Wm3WZYTPz0wzccnW', signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed' };

describe('signSharePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hands a signature to wx.config, for the address without its fragment', async () => {
    const config = vi.fn();
    vi.stubGlobal('window', { wx: { config } });
    const sent: ApiRequest[] = [];
    expect(await signSharePage(apiAnswering(SIGNED, sent), 'https://zine.example/a/?x=1#top')).toBe(true);
    expect(sent[0]?.body).toEqual({ url: 'https://zine.example/a/?x=1' });
    expect(config).toHaveBeenCalledTimes(1);
    expect(config.mock.calls[0]?.[0]).toMatchObject(SIGNED);
  });

  it('leaves wx alone without credentials (no signature) or without the JS-SDK', async () => {
    const config = vi.fn();
    vi.stubGlobal('window', { wx: { config } });
    expect(await signSharePage(apiAnswering({ configured: false, url: 'https://zine.example/' }), 'https://zine.example/')).toBe(false);
    expect(config).not.toHaveBeenCalled();
    vi.stubGlobal('window', {});
    expect(await signSharePage(apiAnswering(SIGNED), 'https://zine.example/')).toBe(false);
  });
});
