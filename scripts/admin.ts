// `npm run admin -- <command>`: operator commands on the configured database.
import fs from 'node:fs';
import { runAdminCommand } from '../server/admin/commands';
import { UserDirectory } from '../server/accounts/users';
import { loadConfig } from '../server/config';
import { migrate, openDatabase } from '../server/db/connection';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database);
  const result = await runAdminCommand(process.argv.slice(2), {
    users: new UserDirectory(database.db, Date.now),
    db: database.db,
    now: Date.now,
  });
  (result.code === 0 ? process.stdout : process.stderr).write(`${result.out}\n`);
  process.exitCode = result.code;
} finally {
  await database.close();
}
