import { ANCHOR_MS, NAMED } from '../plan';
import { sampleDistinct, skewedSplit } from '../random';
import { Rows } from '../sink';
import type { Model } from './model';

/** `plainreader` likes, favourites and follows nothing. */
const NOBODY = new Set<number>([NAMED.plainreader]);

/** Likes or favourites: skewed over the public articles, each by distinct readers (one per article and reader). */
export async function generateReactions(model: Model, table: 'likes' | 'favorites', total: number): Promise<void> {
  const { plan, random } = model;
  const articles = model.publicArticleIds;
  const cap = Math.floor((plan.users - 2) * 0.6);
  const split = skewedSplit(random, total, articles.length, 0, cap);
  const rows = new Rows(model.sink, table, ['article_id', 'user_id', 'created_at']);
  for (let i = 0; i < articles.length; i++) {
    const article = articles[i] ?? 0;
    const created = model.articleCreated[article] ?? ANCHOR_MS;
    const span = Math.max(1, ANCHOR_MS - created);
    for (const user of sampleDistinct(random, split[i] ?? 0, plan.users, model.marks, NOBODY)) {
      await rows.add([article, user, created + random.below(span)]);
    }
  }
  model.log(`${table}: ${rows.count}`);
}

/** Follows: `famous` by the plan's count (readers and the follow-only accounts), the rest skewed over the other authors. */
export async function generateFollows(model: Model): Promise<void> {
  const { plan, random } = model;
  const rows = new Rows(model.sink, 'follows', ['follower_id', 'followee_id', 'created_at']);
  const since = ANCHOR_MS - 3 * 365 * 24 * 3600_000;
  const span = ANCHOR_MS - since;
  const famous = sampleDistinct(random, plan.famousFollowers, model.totalUsers, model.marks, new Set([NAMED.famous, NAMED.plainreader]));
  for (const follower of famous) await rows.add([follower, NAMED.famous, since + random.below(span)]);
  const others = [...model.authorIds].filter((id) => id !== NAMED.famous);
  const split = skewedSplit(random, plan.follows - famous.length, others.length, 0, Math.floor((plan.users - 2) * 0.5));
  for (let i = 0; i < others.length; i++) {
    const followee = others[i] ?? 0;
    for (const follower of sampleDistinct(random, split[i] ?? 0, plan.users, model.marks, new Set([followee, NAMED.plainreader]))) {
      await rows.add([follower, followee, since + random.below(span)]);
    }
  }
  model.log(`follows: ${rows.count} (famous: ${famous.length})`);
}
