import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { z } from 'zod';

/** One replacement: `remove` characters at `at` give way to `insert`. */
export type Change = readonly [at: number, remove: number, insert: string];

/** The whole text, brotli-compressed (quality 9: a 60 kB article in a few milliseconds). */
export function encodeFull(text: string): Buffer {
  return brotliCompressSync(Buffer.from(text, 'utf8'), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
}

export function decodeFull(body: Uint8Array): string {
  return brotliDecompressSync(body).toString('utf8');
}

/**
 * The change from `before` to `after` as the one span between their common start and common
 * end: a save 7 s after the last keystroke touches one place, so this is a few bytes where a
 * line or word diff would cost time on every save.
 */
export function changeBetween(before: string, after: string): Change {
  const limit = Math.min(before.length, after.length);
  let start = 0;
  while (start < limit && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (end < limit - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  return [start, before.length - start - end, after.slice(start, after.length - end)];
}

export function encodeChange(change: Change): Buffer {
  return Buffer.from(JSON.stringify(change), 'utf8');
}

export function applyChange(text: string, body: Uint8Array): string {
  const [at, remove, insert] = parseChange(body);
  if (at + remove > text.length) throw new Error('A stored change does not fit the text before it.');
  return text.slice(0, at) + insert + text.slice(at + remove);
}

const storedChange = z.tuple([z.number().int().min(0), z.number().int().min(0), z.string()]);

function parseChange(body: Uint8Array): Change {
  return storedChange.parse(JSON.parse(Buffer.from(body).toString('utf8')));
}
