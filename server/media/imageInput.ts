import type { Sharp, SharpOptions } from 'sharp';
import { MAX_IMAGE_PIXELS, TOO_MANY_PIXELS } from '../../shared/imageLimits';
import { limitSharp } from './sharpLimits';

/** sharp (libvips), loaded with the first image: imported at start it held 25 MB of every process's memory. */
async function loadSharp() {
  const sharp = (await import('sharp')).default;
  limitSharp(sharp);
  return sharp;
}

/** What an image's header says, read without decoding its pixels. */
export interface ImageFacts {
  /** As sharp names it: jpeg, png, gif, webp… */
  format: string;
  /** Width × height of a frame × frames: what decoding it costs. */
  pixels: number;
}

/** The format and the pixel count of the bytes (never their name or declared type), or null when they are no image. */
export async function imageFacts(input: Buffer | string): Promise<ImageFacts | null> {
  try {
    const sharp = await loadSharp();
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    const frameHeight = meta.pageHeight ?? meta.height;
    return { format: meta.format, pixels: meta.width * frameHeight * (meta.pages ?? 1) };
  } catch {
    return null;
  }
}

export function hasTooManyPixels(facts: ImageFacts): boolean {
  return facts.pixels > MAX_IMAGE_PIXELS;
}

/**
 * sharp for decoding an image, which refuses more than MAX_IMAGE_PIXELS: counted over all
 * frames first (an animation), then by sharp itself for the frame it decodes.
 */
export async function boundedSharp(input: Buffer | string, options: SharpOptions = {}): Promise<Sharp> {
  const facts = await imageFacts(input);
  if (!facts) throw new Error('not an image');
  if (hasTooManyPixels(facts)) throw new Error(TOO_MANY_PIXELS);
  const sharp = await loadSharp();
  return sharp(input, { ...options, limitInputPixels: MAX_IMAGE_PIXELS });
}
