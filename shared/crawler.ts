import { createIsbotFromList, list } from 'isbot';

/**
 * isbot's list of crawlers, link previewers and headless browsers, with two it lacks that
 * our earlier list knew (Yahoo's Slurp, Embedly's lower-case name).
 */
const isKnownBot = createIsbotFromList([...list, 'slurp', 'embedly']);

/** Crawlers and link previewers get the complete page in one piece instead of a stream. */
export function isCrawler(userAgent: string | null | undefined): boolean {
  return !!userAgent && isKnownBot(userAgent);
}
