import { useCallback, useEffect } from 'react';
import { useStores } from '../stores/context';
import { loadMiniProgramBridge, openMiniProgramPage } from './miniProgram';

/**
 * Inside the mini program: `open(path)` navigates to one of its own pages and resolves
 * false if the bridge is missing (the caller then does the web action). Elsewhere null.
 * The SDK starts loading after hydration, so a tap does not wait for it.
 */
export function useMiniProgram(): { open: (path: string) => Promise<boolean> } | null {
  const { env } = useStores();
  const sdkUrl = env.clientType.shell === 'miniprogram' ? env.wechatSdkUrl : undefined;
  useEffect(() => {
    if (sdkUrl) void loadMiniProgramBridge(sdkUrl);
  }, [sdkUrl]);
  const open = useCallback((path: string) => (sdkUrl ? openMiniProgramPage(sdkUrl, path) : Promise.resolve(false)), [sdkUrl]);
  return sdkUrl ? { open } : null;
}
