import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain/DomainError';
import { depthOf, ownerTree, planReorder, subtreeIds, type OwnerItemRow } from './manageTree';

const row = (id: number, parent: number | null, type: 'directory' | 'article', order: number, extra: Partial<OwnerItemRow> = {}): OwnerItemRow => ({
  id,
  parent_id: parent,
  type,
  slug: `s${id}`,
  title: type === 'directory' ? `Dir ${id}` : '',
  order,
  sales_mode: 'free',
  article_id: type === 'article' ? id * 10 : null,
  article_slug: type === 'article' ? `a${id}` : null,
  article_title: type === 'article' ? `Article ${id}` : null,
  article_trashed: type === 'article' ? 0 : null,
  article_visibility: type === 'article' ? 'public' : null,
  ...extra,
});
// 1: dir [3: article, 4: article], 2: dir [5: article (trashed)]
const rows = [
  row(1, null, 'directory', 0),
  row(2, null, 'directory', 1),
  row(3, 1, 'article', 0),
  row(4, 1, 'article', 1),
  row(5, 2, 'article', 0, { article_trashed: 1 }),
];

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
  throw new Error('not refused');
}

describe('the owner tree', () => {
  it('nests by parent and order, marks removed chapters and hides them on request', () => {
    const tree = ownerTree(rows, false);
    expect(tree.map((n) => [n.detail.title, n.children.map((c) => [c.detail.title, c.detail.removed])])).toEqual([
      [
        'Dir 1',
        [
          ['Article 3', false],
          ['Article 4', false],
        ],
      ],
      ['Dir 2', [['Article 5', true]]],
    ]);
    expect(ownerTree(rows, true)[1]?.children).toEqual([]);
  });

  it('measures depth and subtrees', () => {
    expect(depthOf(rows, null)).toBe(0);
    expect(depthOf(rows, 3)).toBe(2);
    expect(subtreeIds(rows, 1)).toEqual([1, 3, 4]);
  });
});

describe('a reorder', () => {
  it('places listed items by their sent order and keeps unlisted ones under their parent, after the rest', () => {
    const placements = planReorder(
      [
        { id: 2, order: 0, children: [{ id: 4, order: 0, children: [] }] },
        { id: 1, order: 1, children: [{ id: 3, order: 0, children: [] }] },
      ],
      rows,
    );
    const byId = new Map(placements.map((p) => [p.id, p]));
    expect(byId.get(2)).toEqual({ id: 2, parent_id: null, order: 0 });
    expect(byId.get(1)).toEqual({ id: 1, parent_id: null, order: 1 });
    expect(byId.get(4)).toEqual({ id: 4, parent_id: 2, order: 0 });
    expect(byId.get(5)).toEqual({ id: 5, parent_id: 2, order: 1 });
    expect(byId.get(3)).toEqual({ id: 3, parent_id: 1, order: 0 });
  });

  it('refuses foreign ids, repeats (the only way to a cycle), chapters with children, and too deep a tree', () => {
    expect(refusal(() => planReorder([{ id: 99, order: 0, children: [] }], rows))).toMatch(/not in this booklet/);
    expect(refusal(() => planReorder([{ id: 1, order: 0, children: [{ id: 1, order: 0, children: [] }] }], rows))).toMatch(/more than once/);
    expect(refusal(() => planReorder([{ id: 3, order: 0, children: [{ id: 4, order: 0, children: [] }] }], rows))).toMatch(/only directories nest/);
    const dirs = [1, 2, 6, 7, 8].map((id, i) => row(id, null, 'directory', i));
    const chain = {
      id: 1,
      order: 0,
      children: [{ id: 2, order: 0, children: [{ id: 6, order: 0, children: [{ id: 7, order: 0, children: [{ id: 8, order: 0, children: [] }] }] }] }],
    };
    expect(planReorder([chain], dirs)).toHaveLength(5);
    // An unlisted chapter under the deepest directory would sit six levels down.
    expect(refusal(() => planReorder([chain], [...dirs, row(9, 8, 'article', 0)]))).toMatch(/at most 5 levels/);
  });
});
