import { isCrawler } from './crawler';

/**
 * Which browsers get the invalid-browser notice (docs/specification/content-and-commerce.md §2; the list is in
 * docs/decisions/010). Chrome-family and Safari-family engines pass, and so do our own
 * app and the WeChat shells, which run on them; everything else, and the domestic
 * browser shells below (Chromium or Trident shells that lag behind and alter pages),
 * gets the notice.
 */
export type BrowserVerdict = { supported: true } | { supported: false; reason: 'domestic-shell' | 'legacy' | 'other'; name: string };

/** Domestic browser shells, each with the user-agent tokens that name it. Order matters only for the name. */
export const DOMESTIC_SHELLS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'UC Browser', pattern: /UCBrowser|UCWEB|\bUBrowser/i },
  { name: 'QQ Browser', pattern: /QQBrowser/i },
  { name: '360 Browser', pattern: /360SE|360EE|QIHU|QihooBrowser|QHBrowser|360Browser/i },
  { name: 'Sogou Browser', pattern: /MetaSr|SogouMobileBrowser|SogouSearch/i },
  { name: 'LieBao Browser', pattern: /LBBROWSER|LieBaoFast/i },
  { name: '2345 Browser', pattern: /2345Explorer|Mb2345Browser|2345Browser/i },
  { name: 'Maxthon', pattern: /Maxthon|MXiOS|MxBrowser/i },
  { name: 'Baidu Browser', pattern: /BIDUBrowser|baidubrowser|baiduboxapp|BaiduHD/i },
  { name: 'Quark', pattern: /Quark\//i },
  { name: 'TheWorld', pattern: /TheWorld/i },
  { name: 'Tencent Traveler', pattern: /TencentTraveler/i },
];

/** Our own app and the chat app's shells run Chromium or WebKit; an empty agent (scripts, checks) is not judged. */
const TRUSTED_SHELLS = /ZineApp\/|MicroMessenger|miniProgram/i;

export function browserSupport(userAgent: string | null | undefined): BrowserVerdict {
  const ua = userAgent ?? '';
  if (ua.trim() === '' || TRUSTED_SHELLS.test(ua)) return { supported: true };
  const shell = DOMESTIC_SHELLS.find(({ pattern }) => pattern.test(ua));
  if (shell) return { supported: false, reason: 'domestic-shell', name: shell.name };
  // A search engine or link previewer reads the page, it does not browse it: no notice.
  if (isCrawler(ua)) return { supported: true };
  if (/MSIE |Trident\//.test(ua)) return { supported: false, reason: 'legacy', name: 'Internet Explorer' };
  // EdgeHTML (Edge 12-18) says "Edge/"; Chromium Edge says "Edg/".
  if (/\bEdge\/\d/.test(ua)) return { supported: false, reason: 'legacy', name: 'Edge (EdgeHTML)' };
  // On iOS and iPadOS every browser and in-app web view is WebKit: the Safari family.
  if (/iPhone|iPad|iPod/.test(ua) && /AppleWebKit/.test(ua)) return { supported: true };
  // Chrome, Chromium, Edge, Opera, Samsung Internet, Android web views all name Chrome.
  if (/\b(Chrome|Chromium|CriOS|HeadlessChrome)\/\d/.test(ua)) return { supported: true };
  // Safari (and macOS web views), but not the old Android stock browser, which imitates it.
  if (/AppleWebKit/.test(ua) && /Macintosh|Mac OS X/.test(ua) && !/Android/.test(ua)) return { supported: true };
  const name = /Firefox\/|FxiOS/.test(ua) ? 'Firefox' : /Android/.test(ua) ? 'Android Browser' : 'this browser';
  return { supported: false, reason: 'other', name };
}
