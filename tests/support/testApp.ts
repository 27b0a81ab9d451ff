import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type AppDeps } from '../../server/app';
import { loadConfig, siteOrigin, type Config } from '../../server/config';
import type { Database } from '../../server/db/connection';
import { createLogger } from '../../server/logger';
import { createMailer } from '../../server/mail/mailer';
import { LocalMediaStore } from '../../server/media/mediaStore';
import { createSmsSender } from '../../server/sms/sender';
import { loadManifest } from '../../server/render/manifest';
import { testDatabase } from './testDatabase';

export const CLIENT_DIR = path.resolve('dist/client');

export interface TestApp {
  app: ReturnType<typeof createApp>;
  /** A fresh database; in proxy mode (`apiUpstream`) there is none and this throws. */
  database: Database;
  /** Where this app's mails land. */
  outboxDir: string;
  /** Where this app's uploads land (a fresh folder), unless the test passed its own `media`. */
  mediaDir: string;
}

/** The real app on the real build and a fresh database, quiet, with optional overrides. */
export async function testApp(options: { config?: Partial<Config>; deps?: Partial<AppDeps> } = {}): Promise<TestApp> {
  // CHROMIUM_PATH passes through: a run with it pointing nowhere is the fresh machine (packaged browser) throughout.
  const config: Config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CHROMIUM_PATH: process.env.CHROMIUM_PATH }), ...options.config };
  const database = config.apiUpstream ? undefined : (options.deps?.database ?? (await testDatabase()));
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-outbox-'));
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-media-'));
  const app = createApp({
    config,
    logger: createLogger({ logLevel: process.env.TEST_LOG_LEVEL === 'error' ? 'error' : 'silent' }),
    manifest: loadManifest(CLIENT_DIR),
    database,
    mailer: createMailer({ outboxDir, from: 'Zine <no-reply@localhost>' }),
    sms: createSmsSender({ outboxDir }),
    media: new LocalMediaStore(mediaDir, siteOrigin(config)),
    ...options.deps,
  });
  return {
    app,
    get database(): Database {
      if (!database) throw new Error('a proxy-mode test app has no database');
      return database;
    },
    outboxDir,
    mediaDir,
  };
}

/** The JSON in a `<script type="application/json" id=...>` block of a page. */
export function jsonBlock(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(html);
  if (!match?.[1]) throw new Error(`no #${id} block in the page`);
  return JSON.parse(match[1]);
}
