import { describe, expect, it } from 'vitest';
import type { ManagedBookletItem } from '../../../shared/bookletManagement';
import { dropTarget, moveNode, stepTarget, toOrderTree } from './treeMoves';

const node = (id: number, type: 'directory' | 'article', children: ManagedBookletItem[] = []): ManagedBookletItem => ({
  id,
  slug: `s${id}`,
  type,
  order: 0,
  children,
  detail: { title: `T${id}`, sales_mode: 'free', article_id: type === 'article' ? id * 10 : null, article_slug: null, removed: false, private: false },
});
// 1 dir [3, 4], 2 dir [5], 6 chapter
const tree = [node(1, 'directory', [node(3, 'article'), node(4, 'article')]), node(2, 'directory', [node(5, 'article')]), node(6, 'article')];
const shape = (nodes: readonly ManagedBookletItem[]): unknown => nodes.map((n) => (n.children.length > 0 ? [n.id, shape(n.children)] : n.id));

describe('tree moves', () => {
  it('moves an item to another directory and renumbers the orders', () => {
    const moved = moveNode(tree, 4, { parentId: 2, index: 0 });
    expect(moved && shape(moved)).toEqual([[1, [3]], [2, [4, 5]], 6]);
    expect(moved && toOrderTree(moved)).toEqual([
      { id: 1, order: 0, children: [{ id: 3, order: 0, children: [] }] },
      {
        id: 2,
        order: 1,
        children: [
          { id: 4, order: 0, children: [] },
          { id: 5, order: 1, children: [] },
        ],
      },
      { id: 6, order: 2, children: [] },
    ]);
  });

  it('refuses moves into a chapter, into itself or below itself', () => {
    expect(moveNode(tree, 4, { parentId: 6, index: 0 })).toBeNull();
    expect(moveNode(tree, 1, { parentId: 1, index: 0 })).toBeNull();
    const nested = [node(1, 'directory', [node(7, 'directory')])];
    expect(moveNode(nested, 1, { parentId: 7, index: 0 })).toBeNull();
  });

  it('turns drops before, after and inside into targets', () => {
    const before = dropTarget(tree, 6, 1, 'before');
    expect(before).toEqual({ parentId: null, index: 0 });
    const after = dropTarget(tree, 3, 5, 'after');
    expect(after).toEqual({ parentId: 2, index: 1 });
    expect(dropTarget(tree, 6, 2, 'inside')).toEqual({ parentId: 2, index: 1 });
    expect(dropTarget(tree, 6, 3, 'inside')).toBeNull();
    // Dragging down past a sibling lands after it, whatever index the dragged item had.
    const down = dropTarget(tree, 1, 2, 'after');
    expect(down && shape(moveNode(tree, 1, down) ?? [])).toEqual([[2, [5]], [1, [3, 4]], 6]);
  });

  it('steps up and down among siblings, not past the edges', () => {
    expect(stepTarget(tree, 4, -1)).toEqual({ parentId: 1, index: 0 });
    expect(stepTarget(tree, 3, -1)).toBeNull();
    expect(stepTarget(tree, 6, 1)).toBeNull();
    const down = stepTarget(tree, 1, 1);
    expect(down && shape(moveNode(tree, 1, down) ?? [])).toEqual([[2, [5]], [1, [3, 4]], 6]);
  });
});

describe('move destinations', () => {
  it('lists the top level and every directory outside the item', async () => {
    const { moveDestinations } = await import('./treeMoves');
    const nested = [node(1, 'directory', [node(7, 'directory', [node(8, 'article')])]), node(2, 'directory')];
    expect(moveDestinations(nested, 8).map((d) => d.id)).toEqual([null, 1, 7, 2]);
    expect(moveDestinations(nested, 1).map((d) => d.id)).toEqual([null, 2]);
  });
});
