import { describe, expect, it } from 'vitest';
import { findInTree } from './findInTree';

interface Node {
  id: number;
  children: Node[];
}

const tree: Node[] = [
  { id: 1, children: [{ id: 2, children: [{ id: 3, children: [] }] }] },
  { id: 4, children: [{ id: 3, children: [] }] },
];

describe('findInTree', () => {
  it('finds a node at any depth, the first depth first', () => {
    expect(findInTree(tree, (node) => node.id === 3)).toBe(tree[0]?.children[0]?.children[0]);
    expect(findInTree(tree, (node) => node.id === 4)).toBe(tree[1]);
  });

  it('is null when no node matches', () => {
    expect(findInTree(tree, (node) => node.id === 9)).toBeNull();
    expect(findInTree([], () => true)).toBeNull();
  });
});
