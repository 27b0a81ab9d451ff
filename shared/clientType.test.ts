import { describe, expect, it } from 'vitest';
import { clientClass, detectClientType } from './clientType';

const UA = {
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  desktopChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  wechatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2055A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN',
  miniProgramIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN miniProgram/wx1234',
  miniProgramAndroid:
    'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47 miniProgram',
  appIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ZineApp/3.2.0',
  appAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36 ZineApp/3.2.0',
};

describe('detectClientType', () => {
  it.each([
    ['iphoneSafari', 'browser', 'ios'],
    ['androidChrome', 'browser', 'android'],
    ['desktopChrome', 'browser', 'other'],
    ['wechatIos', 'wechat', 'ios'],
    ['wechatAndroid', 'wechat', 'android'],
    ['miniProgramIos', 'miniprogram', 'ios'],
    ['miniProgramAndroid', 'miniprogram', 'android'],
    ['appIos', 'app', 'ios'],
    ['appAndroid', 'app', 'android'],
  ] as const)('%s is %s on %s', (name, shell, os) => {
    expect(detectClientType(UA[name])).toEqual({ shell, os });
  });

  it('treats a missing user agent as a plain browser', () => {
    expect(detectClientType(undefined)).toEqual({ shell: 'browser', os: 'other' });
    expect(detectClientType('')).toEqual({ shell: 'browser', os: 'other' });
  });

  it('gives a coarse class for cache keys', () => {
    expect(clientClass(detectClientType(UA.wechatIos))).toBe('wechat-ios');
  });
});

describe('the invalid-browser flag', () => {
  it('marks browsers outside the Chrome and Safari families, and keys the cache class on it', () => {
    const firefox = detectClientType('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0');
    expect(firefox).toEqual({ shell: 'browser', os: 'other', unsupportedBrowser: true });
    expect(clientClass(firefox)).toBe('browser-other-unsupported');
    expect(detectClientType(UA.desktopChrome).unsupportedBrowser).toBeUndefined();
  });
});
