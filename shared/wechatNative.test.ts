import { describe, expect, it } from 'vitest';
import { detectClientType } from './clientType';
import { offersWechatNative } from './wechatNative';

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const CHAT_APP = `${PHONE} MicroMessenger/8.0.47`;

describe('offersWechatNative', () => {
  it('offers the QR code in desktop browsers of a site with WeChat Pay or the sandbox only', () => {
    expect(offersWechatNative(detectClientType(DESKTOP), true)).toBe(true);
    expect(offersWechatNative(detectClientType(DESKTOP), false)).toBe(false);
    expect(offersWechatNative(detectClientType(PHONE), true)).toBe(false);
    expect(offersWechatNative(detectClientType(CHAT_APP), true)).toBe(false);
  });
});
