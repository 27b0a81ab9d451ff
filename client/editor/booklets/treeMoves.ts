import type { BookletOrderNode, ManagedBookletItem } from '../../../shared/bookletManagement';
import { findInTree } from '../../../shared/findInTree';

/** Where an item goes: under a directory (null: the top level), at an index among its new siblings. */
export interface TreeTarget {
  parentId: number | null;
  index: number;
}

/** Where a dragged item lands relative to the item under the pointer. */
export type DropPlace = 'before' | 'after' | 'inside';

/** The item with this id anywhere in the tree. */
export function findItem(tree: readonly ManagedBookletItem[], id: number): ManagedBookletItem | null {
  return findInTree(tree, (node) => node.id === id);
}

/** The parent directory's id (null at the top level) and the item's index among its siblings, or null when absent. */
export function positionOf(tree: readonly ManagedBookletItem[], id: number, parentId: number | null = null): TreeTarget | null {
  const index = tree.findIndex((node) => node.id === id);
  if (index >= 0) return { parentId, index };
  for (const node of tree) {
    const inside = positionOf(node.children, id, node.id);
    if (inside) return inside;
  }
  return null;
}

/**
 * The tree with the item moved, or null when the move is not allowed: into a chapter, into
 * itself or below itself. The index counts among the siblings without the moved item.
 */
export function moveNode(tree: readonly ManagedBookletItem[], id: number, target: TreeTarget): ManagedBookletItem[] | null {
  const moving = findItem(tree, id);
  if (!moving) return null;
  if (target.parentId !== null) {
    if (target.parentId === id || findItem(moving.children, target.parentId)) return null;
    const parent = findItem(tree, target.parentId);
    if (!parent || parent.type !== 'directory') return null;
  }
  const without = remove(tree, id);
  const insert = (nodes: readonly ManagedBookletItem[], parentId: number | null): ManagedBookletItem[] => {
    if (parentId === target.parentId) {
      const copy = [...nodes];
      copy.splice(Math.max(0, Math.min(target.index, copy.length)), 0, moving);
      return renumber(copy);
    }
    return nodes.map((node) => ({ ...node, children: insert(node.children, node.id) }));
  };
  return insert(without, null);
}

/** The target of a drop on `over`: before or after it among its siblings, or last inside it (a directory). */
export function dropTarget(tree: readonly ManagedBookletItem[], draggedId: number, overId: number, place: DropPlace): TreeTarget | null {
  if (draggedId === overId) return null;
  const over = findItem(tree, overId);
  if (!over) return null;
  if (place === 'inside') {
    if (over.type !== 'directory') return null;
    return { parentId: over.id, index: over.children.filter((child) => child.id !== draggedId).length };
  }
  const without = remove(tree, draggedId);
  const position = positionOf(without, overId);
  if (!position) return null;
  return { parentId: position.parentId, index: position.index + (place === 'after' ? 1 : 0) };
}

/** The target one place up (-1) or down (+1) among the item's siblings, or null at the edge. */
export function stepTarget(tree: readonly ManagedBookletItem[], id: number, delta: -1 | 1): TreeTarget | null {
  const position = positionOf(tree, id);
  if (!position) return null;
  const siblings = position.parentId === null ? tree : (findItem(tree, position.parentId)?.children ?? []);
  const index = position.index + delta;
  if (index < 0 || index >= siblings.length) return null;
  return { parentId: position.parentId, index };
}

/** The body of the reorder call: every item with its place, orders 0, 1, 2... */
export function toOrderTree(tree: readonly ManagedBookletItem[]): BookletOrderNode[] {
  return tree.map((node, order) => ({ id: node.id, order, children: toOrderTree(node.children) }));
}

/** The ids of the articles already in the tree. */
export function articleIdsIn(tree: readonly ManagedBookletItem[]): Set<number> {
  const ids = new Set<number>();
  const walk = (nodes: readonly ManagedBookletItem[]): void => {
    for (const node of nodes) {
      if (node.detail.article_id !== null) ids.add(node.detail.article_id);
      walk(node.children);
    }
  };
  walk(tree);
  return ids;
}

function remove(nodes: readonly ManagedBookletItem[], id: number): ManagedBookletItem[] {
  return renumber(nodes.filter((node) => node.id !== id).map((node) => ({ ...node, children: remove(node.children, id) })));
}

function renumber(nodes: readonly ManagedBookletItem[]): ManagedBookletItem[] {
  return nodes.map((node, order) => (node.order === order ? node : { ...node, order }));
}

/** Where an item may move by the "Move to" list: the top level (id null) and every directory not inside it, with their depth. */
export function moveDestinations(tree: readonly ManagedBookletItem[], id: number): { id: number | null; title: string; depth: number }[] {
  const destinations: { id: number | null; title: string; depth: number }[] = [{ id: null, title: '', depth: 0 }];
  const walk = (nodes: readonly ManagedBookletItem[], depth: number): void => {
    for (const node of nodes) {
      if (node.id === id || node.type !== 'directory') continue;
      destinations.push({ id: node.id, title: node.detail.title, depth });
      walk(node.children, depth + 1);
    }
  };
  walk(tree, 1);
  return destinations;
}
