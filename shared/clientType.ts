import { browserSupport } from './browserSupport';

/** Where the page runs: our native app, the chat app's browser, its mini program, or a plain browser. */
export type ClientShell = 'app' | 'wechat' | 'miniprogram' | 'browser';
export type ClientOs = 'ios' | 'android' | 'other';

export interface ClientType {
  shell: ClientShell;
  os: ClientOs;
  /** Set for browsers outside the Chrome and Safari families: they get a notice (shared/browserSupport.ts). */
  unsupportedBrowser?: true;
}

/** The token our iOS and Android apps add to their user agent (docs/decisions/002). */
export const NATIVE_APP_UA_TOKEN = 'ZineApp/';

/** Detects the client from its user agent; computed once per request on the server. */
export function detectClientType(userAgent: string | null | undefined): ClientType {
  const ua = userAgent ?? '';
  const type: ClientType = { shell: detectShell(ua), os: detectOs(ua) };
  if (!browserSupport(ua).supported) type.unsupportedBrowser = true;
  return type;
}

function detectShell(ua: string): ClientShell {
  if (ua.includes(NATIVE_APP_UA_TOKEN)) return 'app';
  // The mini program's web-view is a chat-app browser that also names itself.
  if (/miniprogram/i.test(ua)) return 'miniprogram';
  if (/MicroMessenger/i.test(ua)) return 'wechat';
  return 'browser';
}

function detectOs(ua: string): ClientOs {
  if (/iPhone|iPad|iPod/.test(ua)) return 'ios';
  if (/Android/i.test(ua)) return 'android';
  return 'other';
}

/** The render cache keys pages by this coarse class, never by the raw user agent. */
export function clientClass(type: ClientType): string {
  return `${type.shell}-${type.os}${type.unsupportedBrowser ? '-unsupported' : ''}`;
}
