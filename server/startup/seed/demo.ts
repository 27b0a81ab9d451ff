import type { Kysely } from 'kysely';
import { escapeHtml } from '../../../shared/escapeHtml';
import { UserDirectory } from '../../accounts/users';
import type { DB } from '../../db/schema';
import { insertDemoArticle } from './demoArticles';
import { DEMO_ARTICLES, DEMO_PEOPLE, type DemoArticle } from './demoContent';
import { seedDemoBooklets } from './demoBooklets';
import { creditWalletByEmail } from '../../payments/walletCredit';
import { rebuildSearchIndex } from '../../search/indexer';

const DAY_MS = 24 * 3600 * 1000;
const YEAR_MS = 365 * DAY_MS;
const DEMO_WALLET = { email: 'reader@zine.local', cents: 200_00 } as const;

/** Loads the demo into an empty database; a database with any account is left alone. */
export async function seedDemo(db: Kysely<DB>, now: () => number): Promise<boolean> {
  // Whether any account exists, without counting them all at every start.
  if (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) return false;

  const users = new UserDirectory(db, now);
  const ids = new Map<string, number>();
  for (const person of DEMO_PEOPLE) {
    const user = await users.create(person);
    if (person.tier) await users.setMembership(person.email, person.tier, now() + YEAR_MS);
    ids.set(person.username, user.id);
  }
  // A wallet the demo reader can pay with (docs/decisions/024); no note, so each language names the entry itself.
  await creditWalletByEmail({ db, now }, DEMO_WALLET.email, DEMO_WALLET.cents, '');

  let offset = DEMO_ARTICLES.length;
  for (const article of DEMO_ARTICLES) {
    const authorId = requireId(ids, article.author);
    const written = now() - offset-- * 3 * DAY_MS;
    const content = demoArticleHtml(article);
    const id = await insertDemoArticle(
      db,
      {
        slug: article.slug,
        author_id: authorId,
        title: article.title,
        description: article.description,
        cover_url: article.cover ?? '',
        content,
        theme: article.theme ?? 'default',
        style: article.style ?? '',
        word_count: article.paragraphs.join('').length,
        language: article.language,
      },
      written,
    );
    let minute = 1;
    for (const comment of article.comments) {
      const parent = await db
        .insertInto('comments')
        .values({ article_id: id, author_id: requireId(ids, comment.author), parent_id: null, text: comment.text, created_at: written + minute++ * 3600_000 })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const reply of comment.replies ?? []) {
        await db
          .insertInto('comments')
          .values({
            article_id: id,
            author_id: requireId(ids, reply.author),
            parent_id: parent.id,
            text: reply.text,
            created_at: written + minute++ * 3600_000,
          })
          .execute();
      }
    }
  }
  await seedDemoBooklets(db, ids, now());
  // The articles went in directly, not through a writer that records its change: index them all.
  await rebuildSearchIndex(db);
  return true;
}

/** The article body as the editor would save it: paragraphs, sized images, one styled line. */
function demoArticleHtml(article: DemoArticle): string {
  const blocks = article.paragraphs.map((text, i) => {
    const figures = (article.figures ?? []).filter((f) => f.after === i);
    const images = figures.map((f) => `<p><img src="${escapeHtml(f.src)}" alt="${escapeHtml(f.alt)}" width="${f.width}" height="${f.height}"></p>`);
    return [`<p>${escapeHtml(text)}</p>`, ...images].join('');
  });
  const styled = article.styledParagraph;
  if (styled) blocks.push(`<p style="${escapeHtml(styled.style)}">${escapeHtml(styled.text)}</p>`);
  return blocks.join('');
}

function requireId(ids: Map<string, number>, username: string): number {
  const id = ids.get(username);
  if (id === undefined) throw new Error(`demo content names an unknown author: ${username}`);
  return id;
}
