import type { BookletLink, BookletNode } from './entities';
import { findInTree } from './findInTree';

/** The virtual slug of the page after the last chapter (docs/specification/content-and-commerce.md §2). */
export const BOOKLET_END_SLUG = 'end';

/** The chapters (article nodes) of a reading tree in reading order: depth first, by order. */
export function readingOrder(children: readonly BookletNode[]): BookletNode[] {
  const chapters: BookletNode[] = [];
  const walk = (nodes: readonly BookletNode[]) => {
    for (const node of [...nodes].sort((a, b) => a.order - b.order)) {
      if (node.type === 'article') chapters.push(node);
      walk(node.children);
    }
  };
  walk(children);
  return chapters;
}

/** The node with this slug anywhere in the tree. */
export function findNode(children: readonly BookletNode[], slug: string): BookletNode | null {
  return findInTree(children, (node) => node.slug === slug);
}

/**
 * Previous and next chapter around a slug. After the last chapter comes `end`; at `end`
 * the previous is the last chapter. A directory's neighbours are its first chapter's.
 */
export function neighbours(children: readonly BookletNode[], slug: string): { previous: BookletLink | null; next: BookletLink | null } {
  const chapters = readingOrder(children);
  const link = (node: BookletNode | undefined): BookletLink | null => (node ? { slug: node.slug, title: node.detail.title } : null);
  const end: BookletLink = { slug: BOOKLET_END_SLUG, title: '' };
  if (slug === BOOKLET_END_SLUG) return { previous: link(chapters.at(-1)), next: null };
  let index = chapters.findIndex((chapter) => chapter.slug === slug);
  if (index < 0) {
    const node = findNode(children, slug);
    const first = node ? readingOrder(node.children)[0] : undefined;
    if (!first) return { previous: null, next: null };
    // A directory sits just before its first chapter.
    index = chapters.indexOf(first);
    return { previous: link(chapters[index - 1]), next: link(first) };
  }
  return { previous: link(chapters[index - 1]), next: link(chapters[index + 1]) ?? end };
}
