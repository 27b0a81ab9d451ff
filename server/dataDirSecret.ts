import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A signing secret kept in a file under DATA_DIR (upload tokens, sandbox callbacks): created
 * once, then read by every process that serves that folder, so they all agree.
 */
export async function readOrCreateSecret(file: string): Promise<Buffer> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  try {
    await fs.writeFile(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // Another process may be half-way through writing it: look again shortly.
  for (let attempt = 0; attempt < 20; attempt++) {
    const secret = (await fs.readFile(file, 'utf8')).trim();
    if (secret.length >= 32) return Buffer.from(secret);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${file} holds no usable secret`);
}
