import { BOOKLET_MAX_DEPTH, BOOKLET_MAX_ITEMS, type BookletOrderNode, type ManagedBookletItem } from '../../shared/bookletManagement';
import type { BookletSalesMode } from '../../shared/entities';
import { DomainError } from '../domain/DomainError';

/** One stored item with what the owner's tree shows of its article. */
export interface OwnerItemRow {
  id: number;
  parent_id: number | null;
  type: 'directory' | 'article';
  slug: string;
  title: string;
  order: number;
  sales_mode: BookletSalesMode;
  article_id: number | null;
  article_slug: string | null;
  article_title: string | null;
  article_trashed: number | null;
  article_visibility: string | null;
}

/** Where an item goes: its parent and its place among its siblings. */
export interface Placement {
  id: number;
  parent_id: number | null;
  order: number;
}

/**
 * The owner's tree, by order. With `hideRemoved` a chapter whose article is in the trash
 * is left out with everything under it.
 */
export function ownerTree(rows: readonly OwnerItemRow[], hideRemoved: boolean): ManagedBookletItem[] {
  const byParent = childrenByParent(rows);
  const build = (parentId: number | null): ManagedBookletItem[] =>
    (byParent.get(parentId) ?? []).flatMap((row): ManagedBookletItem[] => {
      const removed = row.type === 'article' && row.article_trashed !== 0;
      if (removed && hideRemoved) return [];
      const detail = {
        title: row.type === 'directory' ? row.title : (row.article_title ?? ''),
        sales_mode: row.type === 'article' ? row.sales_mode : 'free',
        article_id: row.article_id,
        article_slug: row.article_slug,
        removed,
        private: row.type === 'article' && row.article_visibility !== 'public',
      } as const;
      return [{ id: row.id, slug: row.slug, type: row.type, order: row.order, detail, children: build(row.id) }];
    });
  return build(null);
}

/**
 * Where every item of the booklet goes after a reorder. Each listed id must be an item of
 * this booklet, listed once; chapters hold nothing; the result nests at most
 * BOOKLET_MAX_DEPTH deep. Items not listed (chapters the client hid as removed) stay under
 * their parent, after the listed ones. Siblings are numbered 0, 1, 2... by the sent order.
 */
export function planReorder(tree: readonly BookletOrderNode[], rows: readonly Pick<OwnerItemRow, 'id' | 'parent_id' | 'type' | 'order'>[]): Placement[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const listed = new Map<number, { parent_id: number | null; order: number; position: number }>();
  let position = 0;
  const walk = (nodes: readonly BookletOrderNode[], parentId: number | null): void => {
    for (const node of nodes) {
      const row = byId.get(node.id);
      if (!row) throw new DomainError('invalid', `Item ${node.id} is not in this booklet.`);
      if (listed.has(node.id)) throw new DomainError('invalid', `Item ${node.id} appears more than once.`);
      if (row.type === 'article' && node.children.length > 0) throw new DomainError('invalid', 'A chapter cannot hold other items: only directories nest.');
      listed.set(node.id, { parent_id: parentId, order: node.order, position: position++ });
      walk(node.children, node.id);
    }
  };
  walk(tree, null);

  const finalParent = new Map<number, number | null>();
  for (const row of rows) finalParent.set(row.id, listed.get(row.id)?.parent_id ?? row.parent_id);
  for (const row of rows) {
    let depth = 1;
    for (let parent = finalParent.get(row.id) ?? null; parent !== null; parent = finalParent.get(parent) ?? null) {
      depth += 1;
      if (depth > BOOKLET_MAX_DEPTH) throw new DomainError('invalid', `Directories nest at most ${BOOKLET_MAX_DEPTH} levels deep.`);
    }
  }

  const siblings = new Map<number | null, Pick<OwnerItemRow, 'id' | 'order'>[]>();
  for (const row of rows) {
    const parent = finalParent.get(row.id) ?? null;
    siblings.set(parent, [...(siblings.get(parent) ?? []), row]);
  }
  const placements: Placement[] = [];
  for (const [parentId, group] of siblings) {
    const sorted = [...group].sort((a, b) => rank(a) - rank(b) || a.id - b.id);
    sorted.forEach((row, order) => placements.push({ id: row.id, parent_id: parentId, order }));
  }
  return placements;

  /** Listed items first by their sent order then their place in the body; the rest after, by their old order. */
  function rank(row: Pick<OwnerItemRow, 'id' | 'order'>): number {
    const sent = listed.get(row.id);
    return sent ? sent.order * BOOKLET_MAX_ITEMS * 2 + sent.position : Number.MAX_SAFE_INTEGER / 2 + row.order;
  }
}

/** How deep an item sits (1 at the top), from the stored parents. */
export function depthOf(rows: readonly Pick<OwnerItemRow, 'id' | 'parent_id'>[], id: number | null): number {
  const parents = new Map(rows.map((row) => [row.id, row.parent_id]));
  let depth = 0;
  for (let current = id; current !== null && depth <= BOOKLET_MAX_ITEMS; current = parents.get(current) ?? null) depth += 1;
  return depth;
}

/** An item and everything under it. */
export function subtreeIds(rows: readonly Pick<OwnerItemRow, 'id' | 'parent_id'>[], id: number): number[] {
  const byParent = childrenByParent(rows);
  const ids: number[] = [];
  const walk = (current: number): void => {
    ids.push(current);
    for (const child of byParent.get(current) ?? []) walk(child.id);
  };
  walk(id);
  return ids;
}

function childrenByParent<T extends Pick<OwnerItemRow, 'id' | 'parent_id'> & Partial<Pick<OwnerItemRow, 'order'>>>(
  rows: readonly T[],
): Map<number | null, T[]> {
  const byParent = new Map<number | null, T[]>();
  for (const row of [...rows].sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.id - b.id)) {
    byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
  }
  return byParent;
}
