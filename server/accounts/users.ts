import type { Kysely } from 'kysely';
import { MEMBER_TIERS, type MemberTier } from '../../shared/constants';
import { isValidEmail, normaliseEmail } from '../../shared/email';
import { contentChanged } from '../content/changes';
import { refreshSearchIndex } from '../search/indexer';
import type { AccountStatus, BaseRole, DB, User } from '../db/schema';
import { hashSecret, newSecret } from '../security/secrets';
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords';

export const BASE_ROLES: readonly BaseRole[] = ['user', 'reseller', 'operator'];
export const ACCOUNT_STATUSES: readonly AccountStatus[] = ['active', 'inactive', 'banned', 'suspended'];
const USERNAME = /^[A-Za-z0-9_.\-\u4e00-\u9fff]{2,32}$/u;

export interface NewAccount {
  email: string;
  username: string;
  password: string;
  role?: BaseRole;
  status?: AccountStatus;
  profile?: Partial<Pick<User, 'avatar' | 'description' | 'gender' | 'birthday' | 'city' | 'city_key' | 'habits' | 'habits_key'>>;
}

/** Operator and seed actions on accounts (there is no web sign-up, by the spec). */
export class UserDirectory {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => number,
  ) {}

  async create(account: NewAccount): Promise<User> {
    const email = normaliseEmail(account.email);
    if (!isValidEmail(email)) throw new Error(`not a valid e-mail address: ${account.email}`);
    if (!USERNAME.test(account.username)) {
      throw new Error('a username has 2 to 32 letters, digits, Chinese characters, dots, dashes or underscores');
    }
    checkPassword(account.password);
    const passwordHash = await hashPassword(account.password);
    const taken = await this.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('email', '=', email), eb('username', '=', account.username)]))
      .executeTakeFirst();
    if (taken) throw new Error('that e-mail address or username is taken');
    const user = await this.db
      .insertInto('users')
      .values({
        email,
        username: account.username,
        password_hash: passwordHash,
        role: account.role ?? 'user',
        status: account.status ?? 'active',
        membership_tier: null,
        membership_expires_at: null,
        avatar: account.profile?.avatar ?? '',
        description: account.profile?.description ?? '',
        gender: account.profile?.gender ?? null,
        birthday: account.profile?.birthday ?? null,
        city: account.profile?.city ?? '',
        city_key: account.profile?.city_key ?? '',
        habits: account.profile?.habits ?? '',
        habits_key: account.profile?.habits_key ?? '',
        created_at: this.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // A new column: searchable at once (docs/decisions/038).
    await refreshSearchIndex(this.db, [`author:${user.username}`]);
    return user;
  }

  async findByEmail(email: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
  }

  async require(email: string): Promise<User> {
    const user = await this.findByEmail(email);
    if (!user) throw new Error(`no account with the e-mail address ${email}`);
    return user;
  }

  async setRole(email: string, role: string): Promise<User> {
    if (!(BASE_ROLES as readonly string[]).includes(role)) throw new Error(`role must be one of ${BASE_ROLES.join(', ')}`);
    return this.update(email, { role: role as BaseRole });
  }

  /** Inactive or banned accounts lose their sessions at once; suspended ones keep theirs. */
  async setStatus(email: string, status: string): Promise<User> {
    if (!(ACCOUNT_STATUSES as readonly string[]).includes(status)) {
      throw new Error(`status must be one of ${ACCOUNT_STATUSES.join(', ')}`);
    }
    const user = await this.update(email, { status: status as AccountStatus });
    if (status === 'inactive' || status === 'banned') {
      await this.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    }
    // Whether the author's pages can be read changes at once (docs/specification/shell.md §2).
    await contentChanged(this.db, [`author:${user.username}`, 'feed'], this.now());
    return user;
  }

  /** Sets the paid tier and its expiry; `none` ends it now. */
  async setMembership(email: string, tier: string, expiresAt: number | null): Promise<User> {
    const user = await this.updateMembership(email, tier, expiresAt);
    // 'User Expired' and the page-view quota depend on the tier and its expiry.
    await contentChanged(this.db, [`author:${user.username}`, 'feed'], this.now());
    return user;
  }

  private async updateMembership(email: string, tier: string, expiresAt: number | null): Promise<User> {
    if (tier === 'none') return this.update(email, { membership_tier: null, membership_expires_at: null });
    if (!(MEMBER_TIERS as readonly string[]).includes(tier)) {
      throw new Error(`tier must be one of ${MEMBER_TIERS.join(', ')} or none`);
    }
    if (expiresAt === null || !Number.isFinite(expiresAt)) throw new Error('a membership needs an expiry date');
    return this.update(email, { membership_tier: tier as MemberTier, membership_expires_at: expiresAt });
  }

  /** A new password ends every session of the account. */
  async setPassword(email: string, password: string): Promise<User> {
    checkPassword(password);
    const passwordHash = await hashPassword(password);
    const user = await this.update(email, { password_hash: passwordHash });
    await this.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    return user;
  }

  /** A Bearer token for the native app; only its hash is kept, so it is shown once. */
  async createApiToken(email: string, label: string): Promise<string> {
    const user = await this.require(email);
    const token = newSecret(32);
    await this.db
      .insertInto('api_tokens')
      .values({ token_hash: hashSecret(token), user_id: user.id, label, created_at: this.now(), last_used_at: null })
      .execute();
    return token;
  }

  private async update(email: string, changes: Partial<Omit<User, 'id'>>): Promise<User> {
    const user = await this.db.updateTable('users').set(changes).where('email', '=', normaliseEmail(email)).returningAll().executeTakeFirst();
    if (!user) throw new Error(`no account with the e-mail address ${email}`);
    return user;
  }
}

export function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new Error(`a password has ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
  }
}
