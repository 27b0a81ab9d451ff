import type { Kysely } from 'kysely';
import { escapeHtml } from '../../../shared/escapeHtml';
import { createBooklet, type BookletItemSpec } from '../../content/createBooklet';
import type { DB, SalesMode } from '../../db/schema';
import { insertDemoArticle } from './demoArticles';

const DAY_MS = 24 * 3600 * 1000;

interface DemoChapter {
  slug: string;
  title: string;
  paragraphs: string[];
  salesMode?: SalesMode;
}

type DemoNode = DemoChapter | { directory: string; slug: string; children: DemoChapter[] };

interface DemoBooklet {
  slug: string;
  owner: string;
  language: 'en' | 'zh-CN' | 'zh-TW';
  theme: string;
  name: string;
  heading: string;
  description: string;
  priceCents: number;
  tree: DemoNode[];
  buyers: string[];
  ratings: { author: string; rating: number; review: string }[];
}

/** Two booklets with directories, free chapters and paid ones, in English and Chinese (docs/design.md §5). */
export const DEMO_BOOKLETS: DemoBooklet[] = [
  {
    slug: 'the-walkers-notebook',
    owner: 'olivergrant',
    language: 'en',
    theme: 'theme-1',
    name: "The Walker's Notebook",
    heading: 'Five short lessons in paying attention',
    description:
      'A small book about walking without a destination: what to leave at home, what to listen for, and how a notebook turns a walk into something you keep.',
    priceCents: 1200,
    tree: [
      {
        slug: 'why-walk',
        title: 'Why walk at all',
        paragraphs: [
          'Most of us walk to get somewhere. This book is about the other kind of walk: the one that has no errand attached, that starts at the front door and ends there too.',
          'Such walks are how a city becomes familiar, and how a familiar city becomes strange again. They ask for nothing but an hour and a little attention.',
        ],
      },
      {
        directory: 'Part one: Leaving the house',
        slug: 'part-one',
        children: [
          {
            slug: 'the-first-mile',
            title: 'The first mile',
            paragraphs: [
              'The first mile is for leaving things behind. The list of tasks, the conversation you are still having in your head, the phone that keeps asking to be looked at.',
              'Do not try to notice anything yet. Let your pace settle. By the end of the mile, the street will have started talking.',
            ],
          },
          {
            slug: 'what-the-ears-notice',
            title: 'What the ears notice',
            paragraphs: [
              'Close your eyes at a crossing, for one breath, and count the sounds: an engine idling, a bird you cannot name, somebody laughing two floors up.',
              'The ears are a wide-angle lens. Walk with them open and the street becomes deeper than it looks.',
            ],
          },
        ],
      },
      {
        directory: 'Part two: Coming back',
        slug: 'part-two',
        children: [
          {
            slug: 'the-notebook-habit',
            title: 'The notebook habit',
            salesMode: 'payment_required',
            paragraphs: [
              'Carry a notebook small enough to forget. Write one line at every corner where something caught you, and never more than one.',
              'At home, read the lines back in order. They make a map of the walk that no app could draw: a map of what mattered.',
            ],
          },
          {
            slug: 'walking-home-in-the-dark',
            title: 'Walking home in the dark',
            salesMode: 'payment_required',
            paragraphs: [
              'The walk home after sunset is a different walk. Windows light up one by one, and the city shows you the rooms it hides by day.',
              'Slow down for the last street. Arriving is part of the walk too.',
            ],
          },
        ],
      },
    ],
    buyers: ['adareads'],
    ratings: [
      { author: 'adareads', rating: 5, review: 'Exactly the nudge I needed. I now carry a notebook on every walk.' },
      { author: 'meichen', rating: 4, review: '很溫柔的一本小冊，讀完想出門走走。' },
    ],
  },
  {
    slug: 'hangzhou-slow-guide',
    owner: 'linqiao',
    language: 'zh-CN',
    theme: 'theme-3',
    name: '杭州慢行手册',
    heading: '在一座城市里慢下来的三种方式',
    description: '不赶景点，不排长队。沿着湖、穿过巷子、坐进一间老茶馆，用三个章节，把杭州走慢一点。',
    priceCents: 990,
    tree: [
      {
        slug: 'preface',
        title: '序：为什么要慢',
        paragraphs: ['很多人来杭州，是为了“看过”西湖。这本小册想带你“住过”它，哪怕只有一个下午。', '慢下来并不难，难的是允许自己什么都不做。'],
      },
      {
        directory: '湖边',
        slug: 'by-the-lake',
        children: [
          {
            slug: 'morning-by-the-lake',
            title: '清晨的湖',
            paragraphs: ['六点半的湖边只有晨练的老人和早起的鸟。', '沿着北山街往西走，太阳会在你身后慢慢升起来，把保俶塔照成金色。'],
          },
          {
            slug: 'the-old-tea-house',
            title: '老茶馆里的一个下午',
            salesMode: 'payment_required',
            paragraphs: ['茶馆在一条没有名字的小巷尽头，门口挂着一块褪了色的木牌。', '点一杯龙井，坐到靠窗的位置，看雨落在湖面上，一个下午就这样过去了。'],
          },
        ],
      },
    ],
    buyers: [],
    ratings: [{ author: 'adareads', rating: 5, review: 'Read it on the train to Hangzhou. Lovely.' }],
  },
];

/** Stores the demo booklets with their chapter articles (older than the other demo articles), buyers and ratings. */
export async function seedDemoBooklets(db: Kysely<DB>, ids: ReadonlyMap<string, number>, now: number): Promise<void> {
  let age = 60;
  for (const booklet of DEMO_BOOKLETS) {
    const ownerId = idOf(ids, booklet.owner);
    const written = now - age-- * 3 * DAY_MS;
    const chapter = async (node: DemoChapter): Promise<BookletItemSpec> => {
      const articleId = await insertChapterArticle(db, booklet, node, ownerId, written);
      return { type: 'article', articleId, slug: node.slug, salesMode: node.salesMode ?? 'free' };
    };
    const items: BookletItemSpec[] = [];
    for (const node of booklet.tree) {
      if ('directory' in node) {
        const children: BookletItemSpec[] = [];
        for (const child of node.children) children.push(await chapter(child));
        items.push({ type: 'directory', slug: node.slug, title: node.directory, children });
      } else {
        items.push(await chapter(node));
      }
    }
    const bookletId = await createBooklet(
      db,
      {
        slug: booklet.slug,
        ownerId,
        name: booklet.name,
        heading: booklet.heading,
        description: booklet.description,
        priceCents: booklet.priceCents,
        currency: 'CNY',
        items,
      },
      written,
    );
    for (const buyer of booklet.buyers) {
      await db
        .insertInto('booklet_purchases')
        .values({ booklet_id: bookletId, user_id: idOf(ids, buyer), order_ref: null, created_at: written })
        .execute();
    }
    for (const rating of booklet.ratings) {
      await db
        .insertInto('booklet_ratings')
        .values({
          booklet_id: bookletId,
          user_id: idOf(ids, rating.author),
          rating: rating.rating,
          review: rating.review,
          created_at: written,
          modified_at: written,
        })
        .execute();
    }
  }
}

function insertChapterArticle(db: Kysely<DB>, booklet: DemoBooklet, chapter: DemoChapter, authorId: number, written: number): Promise<number> {
  return insertDemoArticle(
    db,
    {
      slug: `${booklet.slug}-${chapter.slug}`,
      author_id: authorId,
      title: chapter.title,
      description: chapter.paragraphs[0] ?? '',
      cover_url: '',
      content: chapter.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
      theme: booklet.theme,
      style: '',
      word_count: chapter.paragraphs.join('').length,
      language: booklet.language,
    },
    written,
  );
}

function idOf(ids: ReadonlyMap<string, number>, username: string): number {
  const id = ids.get(username);
  if (id === undefined) throw new Error(`demo booklets name an unknown person: ${username}`);
  return id;
}
