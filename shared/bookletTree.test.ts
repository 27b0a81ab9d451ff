import { describe, expect, it } from 'vitest';
import { BOOKLET_END_SLUG, findNode, neighbours, readingOrder } from './bookletTree';
import type { BookletNode } from './entities';

const chapter = (slug: string, order: number, children: BookletNode[] = []): BookletNode => ({
  id: order,
  slug,
  type: 'article',
  order,
  detail: { title: slug.toUpperCase(), sales_mode: 'free', locked: false },
  children,
});
const directory = (slug: string, order: number, children: BookletNode[]): BookletNode => ({
  id: 100 + order,
  slug,
  type: 'directory',
  order,
  detail: { title: slug, sales_mode: 'free', locked: false },
  children,
});

// Deliberately out of order: the walk sorts by `order`.
const tree = [directory('part-two', 2, [chapter('c', 1), chapter('b', 0)]), chapter('a', 0, [chapter('a1', 0)])];

describe('the booklet reading order', () => {
  it('walks depth first by order, directories skipped', () => {
    expect(readingOrder(tree).map((n) => n.slug)).toEqual(['a', 'a1', 'b', 'c']);
  });

  it('links previous and next, with end after the last chapter', () => {
    expect(neighbours(tree, 'a')).toEqual({ previous: null, next: { slug: 'a1', title: 'A1' } });
    expect(neighbours(tree, 'b')).toEqual({ previous: { slug: 'a1', title: 'A1' }, next: { slug: 'c', title: 'C' } });
    expect(neighbours(tree, 'c')).toEqual({ previous: { slug: 'b', title: 'B' }, next: { slug: BOOKLET_END_SLUG, title: '' } });
    expect(neighbours(tree, BOOKLET_END_SLUG)).toEqual({ previous: { slug: 'c', title: 'C' }, next: null });
  });

  it('places a directory just before its first chapter, and knows nothing of unknown slugs', () => {
    expect(neighbours(tree, 'part-two')).toEqual({ previous: { slug: 'a1', title: 'A1' }, next: { slug: 'b', title: 'B' } });
    expect(neighbours(tree, 'nope')).toEqual({ previous: null, next: null });
    expect(findNode(tree, 'c')?.detail.title).toBe('C');
    expect(findNode(tree, 'nope')).toBeNull();
  });

  it('has only the end page for an empty booklet', () => {
    expect(neighbours([], BOOKLET_END_SLUG)).toEqual({ previous: null, next: null });
  });
});
