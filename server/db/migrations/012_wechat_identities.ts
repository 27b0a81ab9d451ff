import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/**
 * WeChat identities linked to accounts (docs/decisions/017): one row per account and app
 * (`web` QR sign-in, `mp` official account), with the app's openid (payments need the
 * official account's) and the unionid shared by the apps of one open-platform account.
 */
export function wechatIdentities(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('wechat_identities'), engine)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('app', 'varchar(8)', (c) => c.notNull())
        .addColumn('openid', 'varchar(64)', (c) => c.notNull())
        .addColumn('unionid', 'varchar(64)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('wechat_identities_openid').unique().on('wechat_identities').columns(['app', 'openid']).execute();
      await db.schema.createIndex('wechat_identities_user').unique().on('wechat_identities').columns(['user_id', 'app']).execute();
      await db.schema.createIndex('wechat_identities_unionid').on('wechat_identities').column('unionid').execute();
    },
  };
}
