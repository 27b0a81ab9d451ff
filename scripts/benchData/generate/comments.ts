import { ANCHOR_MS, NAMED } from '../plan';
import { skewedSplit } from '../random';
import { Rows } from '../sink';
import type { Model } from './model';

/**
 * Comments, article by article (ids of one article are consecutive): the hot articles 50,000–60,000
 * each (scaled), the rest skewed over the public articles. About a fifth are replies to an earlier
 * top-level comment of the same article. Texts in every language, times after the article's.
 */
export async function generateComments(model: Model): Promise<void> {
  const { plan, random } = model;
  const perArticle = new Int32Array(model.articleCount + 1);
  let hotTotal = 0;
  for (const id of model.hotArticleIds) {
    const n = random.between(plan.hotCommentsMin, plan.hotCommentsMax);
    perArticle[id] = n;
    hotTotal += n;
  }
  const hot = new Set(model.hotArticleIds);
  const others = [...model.publicArticleIds].filter((id) => !hot.has(id));
  const split = skewedSplit(random, plan.comments - hotTotal, others.length, 0, Math.floor(plan.hotCommentsMin / 4));
  others.forEach((id, i) => (perArticle[id] = split[i] ?? 0));

  const rows = new Rows(model.sink, 'comments', ['id', 'article_id', 'author_id', 'parent_id', 'text', 'created_at']);
  model.commentStart = new Int32Array(model.articleCount + 2);
  // A pool of texts: 3 million distinct sentences would cost more time than they are worth.
  const texts = Array.from({ length: 50_000 }, () => model.text.comment());
  let next = 1;
  const topLevel: number[] = [];
  for (let article = 1; article <= model.articleCount; article++) {
    model.commentStart[article] = next;
    const n = perArticle[article] ?? 0;
    if (n === 0) continue;
    topLevel.length = 0;
    const created = model.articleCreated[article] ?? ANCHOR_MS;
    const step = Math.max(1, Math.floor((ANCHOR_MS - created) / (n + 1)));
    for (let k = 0; k < n; k++) {
      const reply = topLevel.length > 0 && random.chance(plan.replyShare);
      let author = 1 + random.below(plan.users);
      if (author === NAMED.plainreader) author = NAMED.richreader;
      const id = next++;
      await rows.add([
        id,
        article,
        author,
        reply ? (topLevel[random.below(topLevel.length)] ?? null) : null,
        texts[random.below(texts.length)] ?? '',
        created + (k + 1) * step + random.below(step),
      ]);
      if (!reply) topLevel.push(id);
    }
  }
  model.commentStart[model.articleCount + 1] = next;
  model.commentCount = next - 1;
  model.log(`comments: ${rows.count} (hot articles ${model.hotArticleIds.map((id) => perArticle[id]).join(', ')})`);
}

/** The article a comment belongs to (binary search over the articles' first ids). */
export function articleOfComment(model: Model, commentId: number): number {
  let lo = 1;
  let hi = model.articleCount;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((model.commentStart[mid] ?? 0) <= commentId) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
