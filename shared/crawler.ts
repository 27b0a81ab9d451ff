import { createIsbotFromList, list } from 'isbot';
import { BoundedMemo } from './boundedMemo';

/**
 * isbot's list of crawlers, link previewers and headless browsers, with two it lacks that
 * our earlier list knew (Yahoo's Slurp, Embedly's lower-case name).
 */
const isKnownBot = createIsbotFromList([...list, 'slurp', 'embedly']);

/** Agents already judged: the list is one long pattern (a hundredth of a rendered page), and agents repeat. */
const judged = new BoundedMemo<string, boolean>(1000);

/** Crawlers and link previewers get the complete page in one piece instead of a stream. */
export function isCrawler(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return judged.get(userAgent, () => isKnownBot(userAgent));
}
