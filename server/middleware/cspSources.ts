import type { Config } from '../config';
import type { CspSources } from './securityHeaders';

/**
 * The origins the pages' policy allows beyond our own: the built assets' host, the log endpoint,
 * the media host (`mediaCsp`, from the backend), WeChat's QR frame and its JS-SDK.
 */
export function cspSourcesFor(
  config: Pick<Config, 'assetBaseUrl' | 'logEndpoint' | 'wechat' | 'wechatSdkUrl'>,
  mediaCsp: { img: string[]; connect: string[] },
): CspSources {
  return {
    assets: originsOf(config.assetBaseUrl),
    img: [...originsOf(config.logEndpoint), ...mediaCsp.img],
    connect: mediaCsp.connect,
    frame: originsOf(config.wechat.openBase),
    wechatSdkScript: originsOf(config.wechatSdkUrl),
    chatAppSigning: config.wechat.mp !== undefined,
  };
}

function originsOf(url: string | undefined): string[] {
  return url ? [new URL(url).origin] : [];
}
