/**
 * The WeChat mini program bridge (docs/specification/content-and-commerce.md §2: the comment and column actions open the
 * mini program's own pages). Inside the mini program's web-view the page loads the
 * JS-SDK (only there) and calls `wx.miniProgram.navigateTo`. This module is its own
 * chunk, imported only inside the mini program.
 */

import { loadScript } from './loadScript';

/** The part of the SDK we use. */
export interface MiniProgramBridge {
  navigateTo(options: { url: string; success?: () => void; fail?: (error: unknown) => void }): void;
}

/**
 * Loads the SDK once (a script tag from `sdkUrl`, allowed by the page's CSP for
 * mini-program clients) and resolves with the bridge, or null when it cannot load.
 */
export async function loadMiniProgramBridge(sdkUrl: string): Promise<MiniProgramBridge | null> {
  const present = currentBridge();
  if (present) return present;
  return (await loadScript(sdkUrl)) ? currentBridge() : null;
}

/** Opens a mini program page; false when the bridge is not there (the caller falls back). */
export async function openMiniProgramPage(sdkUrl: string, path: string): Promise<boolean> {
  const bridge = await loadMiniProgramBridge(sdkUrl);
  if (!bridge) return false;
  return new Promise((resolve) => {
    bridge.navigateTo({ url: path, success: () => resolve(true), fail: () => resolve(false) });
    // Some SDK versions never call back: treat silence as success after a moment.
    setTimeout(() => resolve(true), 1500);
  });
}

/** `window.wx.miniProgram`, when the SDK has put it there. */
function currentBridge(): MiniProgramBridge | null {
  const wx: unknown = Reflect.get(window, 'wx');
  if (typeof wx !== 'object' || wx === null) return null;
  const bridge: unknown = Reflect.get(wx, 'miniProgram');
  if (typeof bridge !== 'object' || bridge === null) return null;
  const navigateTo: unknown = Reflect.get(bridge, 'navigateTo');
  if (typeof navigateTo !== 'function') return null;
  return {
    navigateTo: (options) => {
      Reflect.apply(navigateTo, bridge, [options]);
    },
  };
}
