import { describe, expect, it } from 'vitest';
import { detectClientType } from './clientType';
import { offersWechatH5, offersWechatNative } from './wechatNative';

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const CHAT_APP = `${PHONE} MicroMessenger/8.0.47`;
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const MINI_PROGRAM = `${PHONE} MicroMessenger/8.0.47 miniProgram`;
const OUR_APP = `${PHONE} ZineApp/2.1`;

describe('offersWechatNative', () => {
  it('offers the QR code in desktop browsers of a site with WeChat Pay or the sandbox only', () => {
    expect(offersWechatNative(detectClientType(DESKTOP), true)).toBe(true);
    expect(offersWechatNative(detectClientType(DESKTOP), false)).toBe(false);
    expect(offersWechatNative(detectClientType(PHONE), true)).toBe(false);
    expect(offersWechatNative(detectClientType(CHAT_APP), true)).toBe(false);
  });
});

describe('offersWechatH5', () => {
  it('offers H5 pay in the browsers of phones outside WeChat, on a site with WeChat Pay or the sandbox only', () => {
    expect(offersWechatH5(detectClientType(PHONE), true)).toBe(true);
    expect(offersWechatH5(detectClientType(ANDROID), true)).toBe(true);
    expect(offersWechatH5(detectClientType(PHONE), false)).toBe(false);
    expect(offersWechatH5(detectClientType(DESKTOP), true)).toBe(false);
    expect(offersWechatH5(detectClientType(CHAT_APP), true)).toBe(false);
    expect(offersWechatH5(detectClientType(MINI_PROGRAM), true)).toBe(false);
    expect(offersWechatH5(detectClientType(OUR_APP), true)).toBe(false);
  });
});
