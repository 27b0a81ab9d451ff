import { NAMED, totalUsers, type Plan } from '../plan';
import { Random } from '../random';
import type { Sink } from '../sink';
import { generateArticles } from './articles';
import { generateComments } from './comments';
import { generateCommerce } from './commerce';
import type { Model } from './model';
import { generateNotifications } from './notifications';
import { generateFollows, generateReactions } from './reactions';
import { TextMaker } from './text';
import { generateUsers } from './users';

/** The seed of everything: the same data on every run, engine and machine. */
const SEED = 20_261_127;

/**
 * Generates the whole large database into the sink, table by table, with explicit ids (so rows can
 * refer to each other without asking the database): accounts, articles and tags, comments, likes,
 * favourites, follows, notifications, booklets, orders, ledger, purchases, withdrawals.
 */
export async function generateAll(plan: Plan, sink: Sink, passwordHash: string, log: (line: string) => void): Promise<void> {
  const random = new Random(SEED);
  const total = totalUsers(plan);
  const model: Model = {
    plan,
    random,
    text: new TextMaker(random.fork(1)),
    sink,
    log,
    passwordHash,
    totalUsers: total,
    authorIds: authorIds(plan.authors),
    memberIds: new Int32Array(0),
    articleAuthor: new Int32Array(0),
    articlePublic: new Uint8Array(0),
    articleCreated: new Float64Array(0),
    articleLanguage: [],
    articleCount: 0,
    authorArticleStart: new Int32Array(0),
    authorArticleIds: new Int32Array(0),
    hotArticleIds: [],
    publicArticleIds: new Int32Array(0),
    commentStart: new Int32Array(0),
    commentCount: 0,
    marks: new Uint8Array(total + 2),
  };
  const step = async (name: string, run: () => Promise<void>) => {
    const started = performance.now();
    await run();
    await sink.flush();
    log(`  ${name} generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  await step('users', () => generateUsers(model));
  await step('articles', () => generateArticles(model));
  await step('comments', () => generateComments(model));
  await step('likes', () => generateReactions(model, 'likes', plan.likes));
  await step('favorites', () => generateReactions(model, 'favorites', plan.favorites));
  await step('follows', () => generateFollows(model));
  await step('notifications', () => generateNotifications(model));
  await step('commerce', () => generateCommerce(model));
  await sink.finish();
}

/** The named authors first, then ids from 7 on (5 and 6 are readers). */
function authorIds(count: number): Int32Array {
  const ids: number[] = [NAMED.bigauthor, NAMED.famous, NAMED.hotwriter, NAMED.heavyreader];
  for (let id = 7; ids.length < count; id++) ids.push(id);
  return Int32Array.from(ids);
}
