import { diffWords } from 'diff';
import { decodeEntity } from '../../shared/seoMeta';
import type { TextChange } from '../../shared/entities';
import type { VersionedText } from './versionStore';

/** Elements that end a line of text when the HTML is read as plain text. */
const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|pre|div|figure|figcaption|tr|table|ul|ol)\s*>|<(br|hr)\b[^>]*>/gi;

/** A version as plain text, its title first and one paragraph a line: what the history shows and compares (never its HTML). */
export function plainText({ title, content }: VersionedText): string {
  const body = content
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(BLOCK_END, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]+\d*|#39);/gi, (whole: string, name: string) => decodeEntity(whole, name))
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
  return title.trim() === '' ? body : `${title.trim()}\n${body}`;
}

/** Words of any script, Chinese included (jsdiff's own splitting knows only spaces). */
const WORDS = new Intl.Segmenter('zh', { granularity: 'word' });

/**
 * What changed from `before` to `after`, word by word; when the two differ too much to compare
 * in a quarter second, the whole of one removed and the whole of the other added.
 */
export function textChanges(before: string, after: string): TextChange[] {
  const parts = diffWords(before, after, { intlSegmenter: WORDS, timeout: 250 });
  if (!parts) {
    return [
      { change: 'removed' as const, text: before },
      { change: 'added' as const, text: after },
    ].filter((part) => part.text !== '');
  }
  const changes: TextChange[] = [];
  for (const part of parts) {
    const change = part.added ? 'added' : part.removed ? 'removed' : 'same';
    const last = changes[changes.length - 1];
    if (last && last.change === change) last.text += part.value;
    else changes.push({ change, text: part.value });
  }
  return changes;
}
