// `npm run admin -- <command>`: operator commands on the configured database.
import fs from 'node:fs';
import { runAdminCommand } from '../server/admin/commands';
import { UserDirectory } from '../server/accounts/users';
import { loadConfig } from '../server/config';
import { migrate, openDatabase } from '../server/db/connection';
import { createLogger } from '../server/logger';
import { Alipay } from '../server/payments/alipay/alipay';
import { WechatPay } from '../server/payments/wechatpay/wechatPay';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const logger = createLogger({ logLevel: 'warn' });
const payments = { db: database.db, now: Date.now, logger, siteName: config.siteName };
try {
  await migrate(database);
  const result = await runAdminCommand(process.argv.slice(2), {
    users: new UserDirectory(database.db, Date.now),
    db: database.db,
    now: Date.now,
    logger,
    // Refunds ask the provider that took the money, reconcile downloads its bills (no sweeps are started here).
    wechatPay: config.wechatPay ? new WechatPay({ ...payments, config: config.wechatPay }) : undefined,
    alipay: config.alipay ? new Alipay({ ...payments, config: config.alipay }) : undefined,
  });
  (result.code === 0 ? process.stdout : process.stderr).write(`${result.out}\n`);
  process.exitCode = result.code;
} finally {
  await database.close();
}
