import { siteFreeTexts, type TextKey } from '../../i18n/pageTexts';
import IMAGE_TEXTS from './texts.json';

/** The image panel's labels (texts.json; editor chunk only; the upload messages of docs/specification/content-and-commerce.md §8 are in ../texts.json). */
export { IMAGE_TEXTS };
export type ImageTextKey = TextKey<typeof IMAGE_TEXTS>;
export const imageTexts = siteFreeTexts(IMAGE_TEXTS);

/** Bytes as people read them: 512 B, 1.5 MB, 2 GB. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes) || 0)} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}
