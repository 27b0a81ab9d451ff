import { ARTICLE_HTML_RULES } from '../../../server/content/sanitize';
import { ANCHOR_MS, DAY_MS, NAMED, YEAR_MS } from '../plan';
import { skewedSplit } from '../random';
import { Rows } from '../sink';
import { shuffle, type Model } from './model';
import { RARE_WORD, type Language } from './text';

const COLUMNS = [
  'id',
  'slug',
  'author_id',
  'title',
  'description',
  'cover_url',
  'content',
  'content_rules',
  'theme',
  'style',
  'word_count',
  'language',
  'client_modify_date',
  'visibility',
  'moderation',
  'trashed',
  'created_at',
  'modified_at',
  'last_client_id',
] as const;

const TAGS = (
  'travel food city history music film books poetry design code data science art photo tea coffee rain autumn spring ' +
  'family school work life notes essay review interview letters diary 杭州 上海 写作 读书 旅行 电影 音乐 历史 摄影 生活 随笔 故事'
).split(' ');
const THEMES = ['default', 'default', 'default', 'paper', 'night'];

/** A pool of ready HTML blocks per language, with their UTF-8 sizes: articles are made of them and one block of their own. */
interface Pool {
  blocks: string[];
  bytes: number[];
}

function pool(model: Model, language: Language, size: number): Pool {
  const blocks: string[] = [];
  const bytes: number[] = [];
  for (let i = 0; i < size; i++) {
    const block = model.text.block(language);
    blocks.push(block);
    bytes.push(Buffer.byteLength(block));
  }
  return { blocks, bytes };
}

/** How many public articles each author writes: `bigauthor` exactly the plan's count, the rest skewed. */
function articlesPerAuthor(model: Model): Map<number, number> {
  const { plan, random } = model;
  const fixed = new Map<number, number>([
    [NAMED.bigauthor, plan.bigauthorArticles],
    [NAMED.hotwriter, 12],
    [NAMED.heavyreader, 20],
  ]);
  const others = [...model.authorIds].filter((id) => !fixed.has(id));
  const rest = plan.publicArticles - [...fixed.values()].reduce((a, b) => a + b, 0);
  const cap = Math.max(Math.floor(plan.bigauthorArticles * 0.8), Math.ceil((3 * rest) / others.length));
  const split = skewedSplit(random, rest, others.length, 1, cap);
  const counts = new Map(fixed);
  others.forEach((id, i) => counts.set(id, split[i] ?? 1));
  return counts;
}

/**
 * Articles: public ones (the plan's count; `bigauthor` exactly their share), then private and trashed
 * ones on top, all interleaved in time (ids follow time). Bodies are 2–10 kB of HTML: one block of
 * their own and blocks from a pool of the same language. Stored as cleaned by today's rules.
 */
export async function generateArticles(model: Model): Promise<void> {
  const { plan, random } = model;
  const counts = articlesPerAuthor(model);
  const total = plan.publicArticles + plan.otherArticles;
  const authorOf = new Int32Array(total);
  const isPublic = new Uint8Array(total);
  let i = 0;
  for (const [author, count] of counts) {
    for (let k = 0; k < count; k++) {
      authorOf[i] = author;
      isPublic[i++] = 1;
    }
  }
  const nonBig = [...model.authorIds].filter((id) => id !== NAMED.bigauthor);
  while (i < total) authorOf[i++] = random.pick(nonBig);
  // One shuffle of positions for both arrays.
  const order = Int32Array.from({ length: total }, (_, k) => k);
  shuffle(random, order);

  model.articleCount = total;
  model.articleAuthor = new Int32Array(total + 1);
  model.articlePublic = new Uint8Array(total + 1);
  model.articleCreated = new Float64Array(total + 1);
  model.articleLanguage = new Array<Language>(total + 1).fill('en');
  for (let id = 1; id <= total; id++) {
    const from = order[id - 1] ?? 0;
    model.articleAuthor[id] = authorOf[from] ?? 0;
    model.articlePublic[id] = isPublic[from] ?? 0;
  }
  indexByAuthor(model);
  const hotwriter = [...articlesOfAuthor(model, NAMED.hotwriter)];
  model.hotArticleIds = hotwriter.slice(-plan.hotArticles).reverse();
  const rareArticle = hotwriter[0] ?? 1;

  const pools: Record<Exclude<Language, 'mix'>, Pool> = {
    en: pool(model, 'en', 4000),
    'zh-CN': pool(model, 'zh-CN', 4000),
    'zh-TW': pool(model, 'zh-TW', 2500),
  };
  const rows = new Rows(model.sink, 'articles', COLUMNS, 2000);
  const tags = new Rows(model.sink, 'article_tags', ['article_id', 'tag', 'position']);
  const span = 3 * YEAR_MS;
  let bytes = 0;
  for (let id = 1; id <= total; id++) {
    const roll = random.next();
    const language: Language = roll < 0.4 ? 'en' : roll < 0.75 ? 'zh-CN' : roll < 0.9 ? 'zh-TW' : 'mix';
    const created = ANCHOR_MS - span + Math.floor(((id - 0.5) / total) * span) + random.below(3_600_000);
    const modified = Math.min(ANCHOR_MS, created + (random.chance(0.3) ? random.below(30 * DAY_MS) : random.below(3_600_000)));
    const target = random.between(2000, 10_000);
    const own = model.text.block(language) + (id === rareArticle ? `<p>${RARE_WORD} appears here and nowhere else.</p>` : '');
    const parts = [own];
    let size = Buffer.byteLength(own);
    while (size < target) {
      const from = language === 'mix' ? (random.chance(0.5) ? pools.en : pools['zh-CN']) : pools[language];
      const k = random.below(from.blocks.length);
      parts.push(from.blocks[k] ?? '');
      size += from.bytes[k] ?? 0;
    }
    const content = parts.join('');
    bytes += size;
    const pub = model.articlePublic[id] === 1;
    const trashed = !pub && random.chance(0.4);
    model.articleCreated[id] = created;
    model.articleLanguage[id] = language;
    const title = model.text.title(language);
    await rows.add([
      id,
      `${model.text.englishWord()}-${model.text.englishWord()}-${id.toString(36)}`.slice(0, 64),
      model.articleAuthor[id] ?? 0,
      title,
      model.text.description(language),
      '',
      content,
      ARTICLE_HTML_RULES,
      random.pick(THEMES),
      '',
      Math.round(size / (language === 'en' ? 1.1 : 2.8)),
      language === 'mix' ? 'zh-CN' : language,
      modified,
      pub || trashed ? 'public' : 'private',
      'none',
      trashed ? 1 : 0,
      created,
      modified,
      '',
    ]);
    const tagCount = random.below(4);
    const chosen = new Set<string>();
    while (chosen.size < tagCount) chosen.add(random.pick(TAGS));
    let position = 0;
    for (const tag of chosen) await tags.add([id, tag, position++]);
  }
  model.log(`articles: ${rows.count} (${(bytes / 1e6).toFixed(0)} MB of HTML), tags: ${tags.count}; hot articles ${model.hotArticleIds.join(', ')}`);
}

/** Public article ids per author (CSR over user ids), and every public id. */
function indexByAuthor(model: Model): void {
  const start = new Int32Array(model.totalUsers + 2);
  let publicCount = 0;
  for (let id = 1; id <= model.articleCount; id++) {
    if (model.articlePublic[id] !== 1) continue;
    const author = model.articleAuthor[id] ?? 0;
    start[author + 1] = (start[author + 1] ?? 0) + 1;
    publicCount++;
  }
  for (let u = 1; u < start.length; u++) start[u] = (start[u] ?? 0) + (start[u - 1] ?? 0);
  const fill = start.slice();
  const ids = new Int32Array(publicCount);
  const publicIds = new Int32Array(publicCount);
  let p = 0;
  for (let id = 1; id <= model.articleCount; id++) {
    if (model.articlePublic[id] !== 1) continue;
    const author = model.articleAuthor[id] ?? 0;
    const at = fill[author] ?? 0;
    ids[at] = id;
    fill[author] = at + 1;
    publicIds[p++] = id;
  }
  model.authorArticleStart = start;
  model.authorArticleIds = ids;
  model.publicArticleIds = publicIds;
}

function articlesOfAuthor(model: Model, userId: number): Int32Array {
  return model.authorArticleIds.subarray(model.authorArticleStart[userId] ?? 0, model.authorArticleStart[userId + 1] ?? 0);
}
