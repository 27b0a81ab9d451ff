import { randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
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

/**
 * The same secret file, read or created at once (while the app is built, before it serves): written
 * whole under a name of its own and linked into place, so no process ever reads it half-written.
 */
export function readOrCreateSecretSync(file: string): Buffer {
  fsSync.mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  fsSync.writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600 });
  try {
    fsSync.linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fsSync.unlinkSync(draft);
  }
  const secret = fsSync.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret`);
  return Buffer.from(secret);
}
