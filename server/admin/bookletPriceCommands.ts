import type { Kysely } from 'kysely';
import { contentChanged } from '../content/changes';
import type { DB } from '../db/schema';
import { parseBookletPrice } from '../../shared/price';
import { formatCents } from '../../shared/money';

interface Command {
  usage: string;
  run: (args: string[], deps: { db: Kysely<DB>; now: () => number }) => Promise<string>;
}

/**
 * An operator prices a booklet (its paid chapters sell together), by the same rule as its
 * author's booklet form; 0 makes it free again: its chapters read free (decision 025).
 */
export const bookletPriceCommands: Readonly<Record<string, Command>> = {
  'set-booklet-price': {
    usage: 'set-booklet-price <booklet slug> <price in yuan, e.g. 20.00, or 0 for free>',
    async run(args, { db, now }) {
      const [slug, amount] = args;
      if (!slug || amount === undefined || args.length !== 2) throw new Error('set-booklet-price needs a booklet slug and a price');
      const cents = parseBookletPrice(amount);
      if (cents === null) throw new Error(`not a price of 0 to 100000 with at most 2 decimals: ${amount}`);
      const changed = await db.transaction().execute(async (trx) => {
        const result = await trx.updateTable('booklets').set({ price_cents: cents, modified_at: now() }).where('slug', '=', slug).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        // The paid chapters' own pages show the price in their purchase prompt.
        const chapters = await trx
          .selectFrom('booklet_items')
          .innerJoin('booklets', 'booklets.id', 'booklet_items.booklet_id')
          .innerJoin('articles', 'articles.id', 'booklet_items.article_id')
          .select('articles.slug')
          .where('booklets.slug', '=', slug)
          .where('booklet_items.sales_mode', '=', 'payment_required')
          .execute();
        await contentChanged(trx, [`booklet:${slug}`, 'feed', ...chapters.map((c) => `article:${c.slug}` as const)], now());
        return true;
      });
      if (!changed) throw new Error(`no booklet with the slug ${slug}`);
      return cents === 0 ? `${slug} is free` : `${slug} now costs ${formatCents(cents)} CNY`;
    },
  },
};
