import { ANCHOR_MS, emailOf, NAMED, NAMED_USERS, YEAR_MS } from '../plan';
import { Rows } from '../sink';
import type { Model } from './model';

const COLUMNS = [
  'id',
  'email',
  'username',
  'password_hash',
  'role',
  'membership_tier',
  'membership_expires_at',
  'status',
  'avatar',
  'description',
  'gender',
  'birthday',
  'city',
  'city_key',
  'habits',
  'habits_key',
  'created_at',
] as const;

const CITIES: readonly (readonly [string, string])[] = [
  ['杭州', 'hangzhou'],
  ['上海', 'shanghai'],
  ['北京', 'beijing'],
  ['臺北', 'taipei'],
  ['London', 'london'],
  ['', ''],
];
/** Far away: the named authors' enterprise tier (no page-view quota) never lapses during a benchmark. */
const FOREVER = Date.UTC(2100, 0, 1);

/**
 * Accounts: the named ones first (ids 1–6), then authors, readers and the accounts that only follow
 * `famous`. Authors hold no membership (a lapsed one would hide their articles) but the named
 * authors, who hold an enterprise tier: the benchmark reads their articles more than any quota allows.
 */
export async function generateUsers(model: Model): Promise<void> {
  const { random, plan } = model;
  const rows = new Rows(model.sink, 'users', COLUMNS);
  const authors = new Set(model.authorIds);
  const members: number[] = [];
  const unlimited = new Set<number>([NAMED.bigauthor, NAMED.famous, NAMED.hotwriter, NAMED.heavyreader]);
  for (let id = 1; id <= model.totalUsers; id++) {
    const named = NAMED_USERS.find((name) => NAMED[name] === id);
    const username = named ?? (id % 20 === 3 ? `读者${id}` : `u${id}`);
    const author = authors.has(id);
    let tier: string | null = null;
    let expires: number | null = null;
    if (unlimited.has(id)) {
      tier = 'enterprise';
      expires = FOREVER;
    } else if (id === NAMED.richreader || (!author && id <= plan.users && id !== NAMED.plainreader && id % 20 === 7)) {
      tier = random.pick(['premium', 'vip', 'vip']);
      expires = ANCHOR_MS + 2 * YEAR_MS + random.below(YEAR_MS);
      members.push(id);
    }
    const [city, cityKey] = random.pick(CITIES);
    await rows.add([
      id,
      emailOf(id),
      username,
      model.passwordHash,
      'user',
      tier,
      expires,
      'active',
      '',
      author ? model.text.description(random.pick(['en', 'zh-CN', 'zh-TW'])).slice(0, 200) : '',
      random.chance(0.5) ? random.between(1, 2) : null,
      null,
      city,
      cityKey,
      '',
      '',
      ANCHOR_MS - 4 * YEAR_MS + Math.floor((id / model.totalUsers) * 3 * YEAR_MS),
    ]);
  }
  model.memberIds = Int32Array.from(members);
  model.log(`users: ${rows.count}`);
}
