import * as article from '../pages/article/page';
import * as booklet from '../pages/booklet/page';
import * as bookletChapter from '../pages/booklet-chapter/page';
import * as bookletOverview from '../pages/booklet-overview/page';
import * as column from '../pages/column/page';
import * as columnArticles from '../pages/column-articles/page';
import * as columnCollections from '../pages/column-collections/page';
import * as columnHome from '../pages/column-home/page';
import * as found from '../pages/found/page';
import * as home from '../pages/home/page';
import type { LoadedPages } from './pageRoute';

/**
 * The pages readers land on from search and shares (declared `reader` in client/routing/pageModules.ts),
 * imported by the browser's entry: a first visit loads the entry's one chunk and a catalogue
 * (esbuild.config.mjs). Every other page stays lazy.
 */
export const READER_PAGES: LoadedPages = {
  home,
  found,
  article,
  booklet,
  'booklet-overview': bookletOverview,
  'booklet-chapter': bookletChapter,
  column,
  'column-home': columnHome,
  'column-articles': columnArticles,
  'column-collections': columnCollections,
};
