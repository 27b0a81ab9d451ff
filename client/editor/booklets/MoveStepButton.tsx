import type { BookletManagerStore } from './BookletManagerStore';

const STEPS = { [-1]: { label: 'moveUp', glyph: '↑' }, [1]: { label: 'moveDown', glyph: '↓' } } as const;

/** Moves an item one place up (-1) or down (1) among its siblings: the keyboard's way to reorder. */
export function MoveStepButton({ store, itemId, delta, disabled }: { store: BookletManagerStore; itemId: number; delta: -1 | 1; disabled: boolean }) {
  const { label, glyph } = STEPS[delta];
  const text = store.t(label);
  return (
    <button type="button" className="zb-icon-button" aria-label={text} title={text} disabled={disabled} onClick={() => void store.step(itemId, delta)}>
      {glyph}
    </button>
  );
}
