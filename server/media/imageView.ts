/**
 * Qiniu's `imageView2` rule as the media host takes it (shared/mediaImage.ts writes it):
 * `imageView2/<mode>/w/<w>/h/<h>/q/<q>/format/<fmt>`, every part after the mode optional.
 * Mode 1 crops to fill w×h; mode 2 fits inside w×h. Images are never enlarged.
 */
export interface ImageView {
  mode: 1 | 2;
  width?: number;
  height?: number;
  quality?: number;
  format?: OutputFormat;
}

export type OutputFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/** The largest box the host renders; larger asks are refused rather than computed. */
export const MAX_VIEW_SIDE = 3840;

const FORMATS: Readonly<Record<string, OutputFormat>> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif' };

/**
 * The view asked for in a raw query string: null when it holds no imageView2 part,
 * 'invalid' when that part is malformed or out of bounds.
 */
export function parseImageView(rawQuery: string): ImageView | null | 'invalid' {
  const part = rawQuery.split('&').find((p) => p.startsWith('imageView2/'));
  if (part === undefined) return null;
  const [, modeText, ...rest] = part.split('/');
  if ((modeText !== '1' && modeText !== '2') || rest.length % 2 !== 0) return 'invalid';
  const view: ImageView = { mode: modeText === '1' ? 1 : 2 };
  for (let i = 0; i < rest.length; i += 2) {
    const name = rest[i];
    const value = rest[i + 1] ?? '';
    if (name === 'format') {
      const format = FORMATS[value.toLowerCase()];
      if (!format) return 'invalid';
      view.format = format;
      continue;
    }
    if (!/^\d{1,5}$/.test(value)) return 'invalid';
    const n = Number(value);
    if (name === 'w' || name === 'h') {
      if (n < 1 || n > MAX_VIEW_SIDE) return 'invalid';
      view[name === 'w' ? 'width' : 'height'] = n;
    } else if (name === 'q') {
      if (n < 1 || n > 100) return 'invalid';
      view.quality = n;
    } else {
      return 'invalid';
    }
  }
  if (view.mode === 1 && (view.width === undefined || view.height === undefined)) return 'invalid';
  return view;
}

/** A file name for a view's rendering, the same for the same view. */
export function viewName(view: ImageView, format: OutputFormat): string {
  return `m${view.mode}-w${view.width ?? 0}-h${view.height ?? 0}-q${view.quality ?? 0}.${format === 'jpeg' ? 'jpg' : format}`;
}
