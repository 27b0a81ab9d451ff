import { createBooklet } from '../../server/content/createBooklet';
import type { Database } from '../../server/db/connection';
import { writeArticle, writtenAt } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';

/** Words that exist only inside the paid chapter: no surface may show them to a non-buyer. */
export const SECRET = 'Rosebud-is-the-sled';
export const PAID_DESCRIPTION = 'The-paid-opening-line';

/**
 * A booklet by ann: a free opening, a directory with a second free chapter and a paid
 * one, a private chapter and an empty directory (both dropped from the tree). ben bought
 * it; cat did not.
 */
export async function bookletFixture(database: Database) {
  const { db } = database;
  const now = Date.now();
  const ann = await createPerson(database, 'ann');
  const ben = await createPerson(database, 'ben');
  const cat = await createPerson(database, 'cat');
  const article = (slug: string, content: string, visibility: 'public' | 'private' = 'public', description = '') =>
    writeArticle(database, ann.id, slug, { description, content, theme: 'theme-2', word_count: content.length, visibility, ...writtenAt(now) });
  const opening = await article('opening', '<p>Free opening words</p>');
  const second = await article('second', '<p>Second free words</p>');
  const paid = await article('paid-chapter', `<p>${SECRET}</p>`, 'public', PAID_DESCRIPTION);
  const hidden = await article('hidden-chapter', '<p>Private words</p>', 'private');
  const bookletId = await createBooklet(
    db,
    {
      slug: 'field-guide',
      ownerId: ann.id,
      name: 'Field Guide',
      heading: 'A heading',
      description: 'About the guide',
      priceCents: 1200,
      currency: 'CNY',
      items: [
        { type: 'article', articleId: opening, slug: 'opening' },
        {
          type: 'directory',
          slug: 'part-two',
          title: 'Part two',
          children: [
            { type: 'article', articleId: second, slug: 'second' },
            { type: 'article', articleId: paid, slug: 'paid', salesMode: 'payment_required' },
            { type: 'article', articleId: hidden, slug: 'hidden' },
          ],
        },
        { type: 'directory', slug: 'empty', title: 'Nothing here', children: [] },
      ],
    },
    now,
  );
  await db.insertInto('booklet_purchases').values({ booklet_id: bookletId, user_id: ben.id, order_ref: null, created_at: now }).execute();
  return { ann, ben, cat, bookletId, articles: { opening, second, paid, hidden }, password: PASSWORD };
}
