import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { rebuildSearchIndex } from '../search/indexer';

interface Command {
  usage: string;
  run: (args: string[], deps: { db: Kysely<DB>; now: () => number }) => Promise<string>;
}

/** The search index (docs/decisions/038) built anew from the content, e.g. after content was changed by hand in the database. */
export const searchCommands: Readonly<Record<string, Command>> = {
  'search-reindex': {
    usage: 'search-reindex   (builds the search index anew from every readable article, booklet and column)',
    async run(args, { db }) {
      if (args.length > 0) throw new Error('search-reindex takes no arguments');
      const started = performance.now();
      const count = await rebuildSearchIndex(db);
      return `indexed ${count} documents in ${Math.round(performance.now() - started)} ms`;
    },
  },
};
