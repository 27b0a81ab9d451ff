import path from 'node:path';
import { createApp, type AppDeps } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { createLogger } from '../../server/logger';
import { loadManifest } from '../../server/render/manifest';

export const CLIENT_DIR = path.resolve('dist/client');

/** The real app on the real build, quiet, with optional overrides of config and deps. */
export function testApp(options: { config?: Partial<Config>; deps?: Partial<AppDeps> } = {}) {
  const config: Config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...options.config };
  return createApp({
    config,
    logger: createLogger({ logLevel: 'silent' }),
    manifest: loadManifest(CLIENT_DIR),
    ...options.deps,
  });
}

/** The JSON in a `<script type="application/json" id=...>` block of a page. */
export function jsonBlock(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(html);
  if (!match?.[1]) throw new Error(`no #${id} block in the page`);
  return JSON.parse(match[1]);
}
