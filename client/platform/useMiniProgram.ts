import { useCallback, useEffect } from 'react';
import { useStores } from '../stores/context';

// The bridge's code is its own chunk: only pages inside the mini program load it.
const bridge = () => import('./miniProgram');

/**
 * Inside the mini program: `open(path)` navigates to one of its own pages and resolves
 * false if the bridge is missing (the caller then does the web action). Elsewhere null.
 * The SDK starts loading after hydration, so a tap does not wait for it.
 */
export function useMiniProgram(): { open: (path: string) => Promise<boolean> } | null {
  const { env } = useStores();
  const sdkUrl = env.clientType.shell === 'miniprogram' ? env.wechatSdkUrl : undefined;
  useEffect(() => {
    if (sdkUrl) void bridge().then((m) => m.loadMiniProgramBridge(sdkUrl));
  }, [sdkUrl]);
  const open = useCallback(async (path: string) => (sdkUrl ? (await bridge()).openMiniProgramPage(sdkUrl, path).catch(() => false) : false), [sdkUrl]);
  return sdkUrl ? { open } : null;
}
