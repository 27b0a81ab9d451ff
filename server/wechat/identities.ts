import type { Kysely } from 'kysely';
import type { DB, User } from '../db/schema';
import { canSignIn } from '../accounts/canSignIn';
import type { WechatAppKind } from './signInState';
import type { SnsToken } from './wechatApi';

export type WechatOutcome =
  /** A linked account that may sign in. */
  | { kind: 'account'; user: User }
  /** The signed-in reader's account now has this WeChat identity. */
  | { kind: 'linked'; user: User }
  /** Nobody has this identity and nobody is signed in: sign up in the app, sign in by mail once. */
  | { kind: 'unlinked' }
  /** The linked account is inactive or banned. */
  | { kind: 'refused' }
  /** The signed-in reader already has another WeChat identity for this app. */
  | { kind: 'taken' };

/**
 * Who a WeChat identity belongs to (docs/decisions/017): the account linked to its unionid
 * (the same person across our apps), else to this app's openid. A signed-in reader without
 * an identity for the app gets this one. The openid of each app is kept (payments need it).
 */
export async function resolveWechatIdentity(
  deps: { db: Kysely<DB>; now: () => number },
  app: WechatAppKind,
  token: SnsToken,
  signedIn: User | null,
): Promise<WechatOutcome> {
  const { db } = deps;
  const byOpenid = await db.selectFrom('wechat_identities').selectAll().where('app', '=', app).where('openid', '=', token.openid).executeTakeFirst();
  const byUnionid =
    byOpenid ??
    (token.unionid ? await db.selectFrom('wechat_identities').selectAll().where('unionid', '=', token.unionid).orderBy('id').executeTakeFirst() : undefined);
  if (byUnionid) {
    const user = await db.selectFrom('users').selectAll().where('id', '=', byUnionid.user_id).executeTakeFirst();
    if (!user || !canSignIn(user.status)) return { kind: 'refused' };
    if (!byOpenid) await addIdentity(deps, user.id, app, token);
    else if (token.unionid && !byOpenid.unionid)
      await db.updateTable('wechat_identities').set({ unionid: token.unionid }).where('id', '=', byOpenid.id).execute();
    return { kind: 'account', user };
  }
  if (!signedIn) return { kind: 'unlinked' };
  const own = await db.selectFrom('wechat_identities').select('id').where('user_id', '=', signedIn.id).where('app', '=', app).executeTakeFirst();
  if (own) return { kind: 'taken' };
  return (await addIdentity(deps, signedIn.id, app, token)) ? { kind: 'linked', user: signedIn } : { kind: 'taken' };
}

/** Adds the app's identity to an account; false when a concurrent sign-in added one first. */
async function addIdentity(deps: { db: Kysely<DB>; now: () => number }, userId: number, app: WechatAppKind, token: SnsToken): Promise<boolean> {
  try {
    await deps.db
      .insertInto('wechat_identities')
      .values({ user_id: userId, app, openid: token.openid, unionid: token.unionid, created_at: deps.now() })
      .execute();
    return true;
  } catch (error) {
    const exists = await deps.db
      .selectFrom('wechat_identities')
      .select('id')
      .where((eb) => eb.or([eb.and([eb('app', '=', app), eb('openid', '=', token.openid)]), eb.and([eb('user_id', '=', userId), eb('app', '=', app)])]))
      .executeTakeFirst();
    if (exists) return false;
    throw error;
  }
}
