// The app in this process, on the built client and a given database, quiet, with its mails, texts and
// uploads in `outboxDir`: for the benchmarks that measure it without a server process
// (scripts/benchSearch.ts, scripts/benchStats.ts).
import path from 'node:path';
import type { Express } from 'express';
import { createApp, type AppDeps } from '../server/app';
import type { Config } from '../server/config';
import type { Database } from '../server/db/connection';
import { createLogger } from '../server/logger';
import { createMailer } from '../server/mail/mailer';
import { LocalMediaStore } from '../server/media/mediaStore';
import { loadManifest } from '../server/render/manifest';
import { createSmsSender } from '../server/sms/sender';

export function benchApp(database: Database, config: Config, options: { outboxDir: string; mediaOrigin: string; limits?: AppDeps['limits'] }): Express {
  const { outboxDir, mediaOrigin, limits } = options;
  return createApp({
    config,
    logger: createLogger({ logLevel: 'silent' }),
    manifest: loadManifest(path.resolve('dist/client')),
    database,
    mailer: createMailer({ outboxDir, from: 'Zine <no-reply@localhost>' }),
    sms: createSmsSender({ outboxDir }),
    media: new LocalMediaStore(outboxDir, mediaOrigin),
    ...(limits ? { limits } : {}),
  });
}
