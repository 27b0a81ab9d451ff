import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS } from '../../shared/imageLimits';
import { boundedSharp, hasTooManyPixels, imageFacts } from './imageInput';

const still = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
/** An animated GIF of frames that differ (identical frames would be merged). */
const animation = async (side: number, frames: number) =>
  sharp(
    await Promise.all(
      Array.from({ length: frames }, (_, i) =>
        sharp({ create: { width: side, height: side, channels: 3, background: { r: i * 40, g: 0, b: 0 } } })
          .png()
          .toBuffer(),
      ),
    ),
    {
      join: { animated: true },
    },
  )
    .gif()
    .toBuffer();

describe('the pixel limit', () => {
  it('is 25 megapixels: a 5000×5000 image is in, one pixel row more is out', async () => {
    expect(MAX_IMAGE_PIXELS).toBe(25_000_000);
    const atLimit = await imageFacts(await still(5000, 5000));
    expect(atLimit).toEqual({ format: 'png', pixels: 25_000_000 });
    expect(atLimit && hasTooManyPixels(atLimit)).toBe(false);
    const over = await imageFacts(await still(5000, 5001));
    expect(over && hasTooManyPixels(over)).toBe(true);
  });

  it('counts every frame of an animation', async () => {
    const facts = await imageFacts(await animation(2600, 4));
    expect(facts).toEqual({ format: 'gif', pixels: 2600 * 2600 * 4 });
    expect(facts && hasTooManyPixels(facts)).toBe(true);
  }, 20_000);

  it('reads no image from other bytes', async () => {
    expect(await imageFacts(Buffer.from('<svg><script>alert(1)</script></svg>'))).toBeNull();
  });

  it('boundedSharp refuses to decode a bomb, quickly, and decodes what is within the limit', async () => {
    const bomb = await still(7000, 7000);
    const started = Date.now();
    await expect(boundedSharp(bomb).then((image) => image.resize(100).toBuffer())).rejects.toThrow(/too large/);
    expect(Date.now() - started).toBeLessThan(1000);
    const small = await (await boundedSharp(await still(300, 200))).resize(100).png().toBuffer();
    expect((await sharp(small).metadata()).width).toBe(100);
  });
});
