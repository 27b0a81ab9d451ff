import { describe, expect, it } from 'vitest';
import { browserSupport } from './browserSupport';

const UA = {
  chromeDesktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  androidWebView: 'Mozilla/5.0 (Linux; Android 13; SM-S911B; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  opera: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
  samsung: 'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iosWebView: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  firefoxIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15',
  wechatAndroidX5:
    'Mozilla/5.0 (Linux; Android 9; MI 8) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/66.0.3359.126 MQQBrowser/6.2 TBS/045136 Mobile Safari/537.36 MicroMessenger/7.0.10 NetType/WIFI Language/zh_CN',
  miniProgram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI Language/zh_CN miniProgram/wx1234',
  zineApp: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36 ZineApp/3.2.0',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  ie9: 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)',
  edgeHtml: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045',
  androidStock: 'Mozilla/5.0 (Linux; U; Android 4.0.3; en-us; KFTT Build/IML74K) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Safari/534.30',
  ucAndroid:
    'Mozilla/5.0 (Linux; U; Android 10; zh-CN; V1914A Build/QP1A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/13.4.0.1306 Mobile Safari/537.36',
  qqBrowser:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/94.0.4606.71 Safari/537.36 Core/1.94.178.400 QQBrowser/11.0.5130.400',
  se360: 'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0.4240.198 Safari/537.36 QIHU 360SE',
  sogou: 'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0.4240.198 Safari/537.36 SE 2.X MetaSr 1.0',
  sogouMobile: 'Mozilla/5.0 (Linux; Android 10) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/74.0 Mobile Safari/537.36 SogouMobileBrowser/5.29.12',
  liebao: 'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/57.0.2987.98 Safari/537.36 LBBROWSER',
  b2345: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/69.0.3497.100 Safari/537.36 2345Explorer/10.11.0.20694',
  maxthon: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Maxthon/5.3.8.2000 Chrome/61.0.3163.79 Safari/537.36',
  baidu: 'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/47.0.2526.106 BIDUBrowser/8.7 Safari/537.36',
  baiduApp: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 baiduboxapp/13.20.0.10',
  quark:
    'Mozilla/5.0 (Linux; U; Android 12; zh-CN; 22041211AC) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/100.0.4896.58 Quark/6.2.6.245 Mobile Safari/537.36',
};

describe('browserSupport (docs/specification/content-and-commerce.md §2, docs/decisions/010)', () => {
  it.each([
    'chromeDesktop',
    'chromeAndroid',
    'androidWebView',
    'edge',
    'opera',
    'samsung',
    'safariMac',
    'safariIphone',
    'iosWebView',
    'firefoxIos',
    'wechatAndroidX5',
    'miniProgram',
    'zineApp',
    'googlebot',
    'bingbot',
  ] as const)('lets %s through', (name) => {
    expect(browserSupport(UA[name])).toEqual({ supported: true });
  });

  it.each([
    ['firefox', 'other', 'Firefox'],
    ['firefoxAndroid', 'other', 'Firefox'],
    ['ie11', 'legacy', 'Internet Explorer'],
    ['ie9', 'legacy', 'Internet Explorer'],
    ['edgeHtml', 'legacy', 'Edge (EdgeHTML)'],
    ['androidStock', 'other', 'Android Browser'],
    ['ucAndroid', 'domestic-shell', 'UC Browser'],
    ['qqBrowser', 'domestic-shell', 'QQ Browser'],
    ['se360', 'domestic-shell', '360 Browser'],
    ['sogou', 'domestic-shell', 'Sogou Browser'],
    ['sogouMobile', 'domestic-shell', 'Sogou Browser'],
    ['liebao', 'domestic-shell', 'LieBao Browser'],
    ['b2345', 'domestic-shell', '2345 Browser'],
    ['maxthon', 'domestic-shell', 'Maxthon'],
    ['baidu', 'domestic-shell', 'Baidu Browser'],
    ['baiduApp', 'domestic-shell', 'Baidu Browser'],
    ['quark', 'domestic-shell', 'Quark'],
  ] as const)('shows the notice to %s (%s)', (name, reason, label) => {
    expect(browserSupport(UA[name])).toEqual({ supported: false, reason, name: label });
  });

  it('does not judge an empty or missing user agent', () => {
    expect(browserSupport('')).toEqual({ supported: true });
    expect(browserSupport(undefined)).toEqual({ supported: true });
  });

  it('calls an unknown browser unsupported', () => {
    expect(browserSupport('Lynx/2.9.0 libwww-FM/2.14').supported).toBe(false);
    expect(browserSupport('Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Goanna/6.5 PaleMoon/33.0').supported).toBe(false);
  });

  it('leaves scripts alone: isbot counts them as robots, which get no notice', () => {
    expect(browserSupport('curl/8.5.0').supported).toBe(true);
  });
});
