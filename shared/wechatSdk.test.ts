import { describe, expect, it } from 'vitest';
import { loadsWechatSdk } from './wechatSdk';

describe('loadsWechatSdk', () => {
  it('loads in the mini program always, in the chat-app browser only when pages can be signed', () => {
    expect(loadsWechatSdk('miniprogram', false)).toBe(true);
    expect(loadsWechatSdk('wechat', true)).toBe(true);
    expect(loadsWechatSdk('wechat', false)).toBe(false);
    expect(loadsWechatSdk('browser', true)).toBe(false);
    expect(loadsWechatSdk('app', true)).toBe(false);
  });
});
