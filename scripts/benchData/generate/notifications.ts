import type { NotificationKind } from '../../../shared/notifications';
import { ANCHOR_MS, DAY_MS, NAMED } from '../plan';
import { skewedSplit } from '../random';
import { Rows } from '../sink';
import { articleOfComment } from './comments';
import { articlesOf, type Model } from './model';

const KINDS: readonly (readonly [NotificationKind, number])[] = [
  ['thumbsup', 0.4],
  ['favorite', 0.15],
  ['follow', 0.15],
  ['comment', 0.2],
  ['reply_comment', 0.1],
];

/**
 * Notifications of the last 150 days (within the 180 days a read list keeps): `heavyreader` the plan's
 * share, the rest over the authors. Likes and favourites name one of the recipient's articles; comments
 * and replies a comment (and its article); follows no article. About 55 % are read.
 */
export async function generateNotifications(model: Model): Promise<void> {
  const { plan, random } = model;
  const rows = new Rows(model.sink, 'notifications', ['id', 'recipient_id', 'actor_id', 'type', 'article_id', 'comment_id', 'created_at', 'read_at']);
  const others = [...model.authorIds].filter((id) => id !== NAMED.heavyreader);
  const split = skewedSplit(random, plan.notifications - plan.heavyreaderNotifications, others.length, 0, plan.heavyreaderNotifications);
  let id = 1;
  const emit = async (recipient: number, count: number) => {
    const own = articlesOf(model, recipient);
    for (let k = 0; k < count; k++) {
      let kind = pickKind(model);
      let article: number | null = null;
      let comment: number | null = null;
      if ((kind === 'comment' || kind === 'reply_comment') && model.commentCount > 0) {
        comment = 1 + random.below(model.commentCount);
        article = articleOfComment(model, comment);
      } else if (kind !== 'follow') {
        kind = kind === 'favorite' ? 'favorite' : 'thumbsup';
        article = own.length > 0 ? (own[random.below(own.length)] ?? null) : (model.publicArticleIds[random.below(model.publicArticleIds.length)] ?? null);
      }
      let actor = 1 + random.below(plan.users);
      if (actor === recipient) actor = actor === 1 ? 2 : actor - 1;
      const created = ANCHOR_MS - random.below(150 * DAY_MS);
      await rows.add([id++, recipient, actor, kind, article, comment, created, random.chance(0.55) ? created + random.below(DAY_MS) : null]);
    }
  };
  await emit(NAMED.heavyreader, plan.heavyreaderNotifications);
  for (let i = 0; i < others.length; i++) await emit(others[i] ?? 0, split[i] ?? 0);
  model.log(`notifications: ${rows.count} (heavyreader: ${plan.heavyreaderNotifications})`);
}

function pickKind(model: Model): NotificationKind {
  let roll = model.random.next();
  for (const [kind, share] of KINDS) {
    if (roll < share) return kind;
    roll -= share;
  }
  return 'thumbsup';
}
