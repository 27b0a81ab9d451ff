/** The first node, depth first, that `matches`, in a tree whose nodes hold their `children`; null when none does. */
export function findInTree<T extends { readonly children: readonly T[] }>(nodes: readonly T[], matches: (node: T) => boolean): T | null {
  for (const node of nodes) {
    if (matches(node)) return node;
    const inside = findInTree(node.children, matches);
    if (inside) return inside;
  }
  return null;
}
