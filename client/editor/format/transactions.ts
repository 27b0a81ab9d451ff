import type { Transaction } from '@tiptap/pm/state';
import { ReplaceStep } from '@tiptap/pm/transform';

/** A change this large is a paste or a new text, not typing. */
const LARGE_CHANGE = 200;

/**
 * A new text (an article opened: the whole document replaced) or a long paste, not a
 * keystroke: what may bring fonts to load and remote images to fetch.
 */
export function replacesMuch(transaction: Transaction): boolean {
  if (!transaction.docChanged) return false;
  const before = transaction.before.content.size;
  if (Math.abs(transaction.doc.content.size - before) > LARGE_CHANGE) return true;
  return transaction.steps.some((step) => step instanceof ReplaceStep && step.from === 0 && step.to >= before);
}
