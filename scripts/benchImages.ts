// Image variants under load (docs/decisions/062), a section of `npm run bench` and alone as
// `npm run bench:images`: the built server on an empty database holds the largest image an upload
// may be (25 megapixels, shared/imageLimits.ts; a PNG, which libvips cannot shrink while decoding as
// it does a JPEG), and 50 clients at once ask for its variants, every kept width as webp and as PNG,
// half of the asks at an odd width that the host redirects. A refusal (503) is retried after its
// Retry-After. The server's RSS is sampled every 100 ms from before the first ask to after the last.
// Twice: started as the Procfile starts it (MALLOC_ARENA_MAX=2, server/mallocArenas.ts), the figure
// held against 300 MB, and with glibc's default of 8 arenas a core, for comparison.
// A benchmark, not a test: the figure varies with the machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../shared/imageLimits';
import { VARIANT_WIDTHS } from '../shared/mediaImage';
import { MALLOC_ARENA_MAX } from '../server/mallocArenas';
import { startServer } from './runningServer';

const CLIENTS = 50;
const ASKS_PER_CLIENT = 4;
/** Under this the section passes (docs/decisions/062). */
const RSS_TARGET_MB = 300;
const SIDE = Math.floor(Math.sqrt(MAX_IMAGE_PIXELS));
const KEY = `${'be'.repeat(16)}_hd.png`;

export interface ImageBench {
  imageMb: number;
  idleMb: number;
  maxMb: number;
  endMb: number;
  asks: number;
  refused: number;
  kept: number;
  seconds: number;
}

/** One run on a fresh server started with `env` added (its allocator's settings). */
export async function benchImageVariants(env: Record<string, string> = {}): Promise<ImageBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-bench-images-'));
  try {
    const image = await largestImage();
    fs.mkdirSync(path.join(dataDir, 'media'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'media', KEY), image);
    const server = await startServer(dataDir, { SEED: 'none', ...env });
    try {
      const idleMb = rssMbOf(server.pid);
      const samples: number[] = [idleMb];
      const sampler = setInterval(() => samples.push(rssMbOf(server.pid)), 100);
      const started = Date.now();
      let refused = 0;
      const asks = Array.from({ length: CLIENTS * ASKS_PER_CLIENT }, (_, n) => askOf(n));
      try {
        await Promise.all(
          Array.from({ length: CLIENTS }, async (_, client) => {
            for (let i = 0; i < ASKS_PER_CLIENT; i++) {
              const met = await fetchVariant(server.origin, asks[client * ASKS_PER_CLIENT + i] ?? '');
              refused += met;
            }
          }),
        );
      } finally {
        clearInterval(sampler);
      }
      const seconds = (Date.now() - started) / 1000;
      const endMb = rssMbOf(server.pid);
      const kept = fs.readdirSync(path.join(dataDir, 'media', '.cache', KEY)).filter((f) => !f.endsWith('.part')).length;
      return { imageMb: image.length / 1e6, idleMb, maxMb: Math.max(endMb, ...samples), endMb, asks: asks.length, refused, kept, seconds };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Both runs: as production starts (the figure), then with glibc's default arenas. */
export async function benchAndReportImages(): Promise<void> {
  const production = await benchImageVariants({ MALLOC_ARENA_MAX });
  const glibcDefault = await benchImageVariants({ MALLOC_ARENA_MAX: String(8 * os.availableParallelism()) });
  console.log(
    `\nvariant renders: RSS max ${production.maxMb.toFixed(0)} MB (idle ${production.idleMb.toFixed(0)}, after ${production.endMb.toFixed(0)}; MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX} as the Procfile starts it); ` +
      `${CLIENTS} clients, ${production.asks} asks for variants of a ${SIDE}×${SIDE} PNG (${production.imageMb.toFixed(1)} MB) in ${production.seconds.toFixed(1)} s, ` +
      `${production.kept} variants rendered and kept, ${production.refused} answers 503 retried`,
  );
  console.log(
    `  with glibc's default arenas: RSS max ${glibcDefault.maxMb.toFixed(0)} MB (idle ${glibcDefault.idleMb.toFixed(0)}, after ${glibcDefault.endMb.toFixed(0)}), ${glibcDefault.seconds.toFixed(1)} s`,
  );
  console.log(
    `  ${production.maxMb <= RSS_TARGET_MB ? 'pass' : 'FAIL'}  memory: RSS at most ${RSS_TARGET_MB} MB while ${CLIENTS} clients ask for variants of the largest image`,
  );
}

/** The n-th ask: every kept width, as PNG and as webp, in turn; every other one at an odd width just below. */
function askOf(n: number): string {
  const width = VARIANT_WIDTHS[Math.floor(n / 2) % VARIANT_WIDTHS.length] ?? 160;
  const webp = Math.floor(n / (2 * VARIANT_WIDTHS.length)) % 2 === 1;
  const asked = n % 2 === 0 ? width : width - 7;
  return `/media/${KEY}?imageView2/2/w/${asked}/q/89${webp ? '/format/webp' : ''}`;
}

/** Fetches one ask to its end (redirects followed), retrying after a 503's Retry-After; answers how many 503s it met. */
async function fetchVariant(origin: string, ask: string): Promise<number> {
  for (let refused = 0; ; refused++) {
    const res = await fetch(`${origin}${ask}`);
    await res.arrayBuffer();
    if (res.status === 200) return refused;
    if (res.status !== 503) throw new Error(`${ask}: ${res.status}`);
    await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 1) * 1000));
  }
}

/** A 25-megapixel PNG of gradients and a fine pattern: compressible enough to stay under the 20 MB upload cap. */
async function largestImage(): Promise<Buffer> {
  const pixels = Buffer.alloc(SIDE * SIDE * 3);
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const at = (y * SIDE + x) * 3;
      pixels[at] = (x * 255) / SIDE;
      pixels[at + 1] = (y * 255) / SIDE;
      pixels[at + 2] = (x + y) % 64 < 32 ? 60 : 200;
    }
  }
  return sharp(pixels, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png()
    .toBuffer();
}

function rssMbOf(pid: number): number {
  const line =
    fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:')) ?? '';
  return Number(/(\d+)/.exec(line)?.[1] ?? 0) / 1024;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchAndReportImages();
