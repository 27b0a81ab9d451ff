import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** Where Debian's `chromium` package puts the browser. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export interface ChromiumExecutable {
  path: string;
  /** configured: CHROMIUM_PATH; system: Debian's; packaged: the one inside @sparticuz/chromium. */
  source: 'configured' | 'system' | 'packaged';
}

/**
 * The Chromium that PDF export, the browser tests and the screenshot script run: the file at
 * CHROMIUM_PATH when it is set and exists; with CHROMIUM_PATH unset, Debian's when installed;
 * otherwise the headless Chromium that ships inside the @sparticuz/chromium npm package, so a
 * plain `npm ci` needs no system browser (docs/decisions/030). A CHROMIUM_PATH that names no
 * file means "no system browser": the packaged one, never a silent other system one.
 */
export async function chromiumExecutable(configured: string | undefined = process.env.CHROMIUM_PATH): Promise<ChromiumExecutable> {
  const source = chromiumSource(configured);
  if (source === 'configured' && configured) return { path: configured.trim(), source };
  if (source === 'system') return { path: SYSTEM_CHROMIUM, source };
  if (source === 'packaged') return { path: await packagedChromium(), source };
  throw new Error(`no Chromium: CHROMIUM_PATH names no file and the packaged one does not run on ${process.platform}/${process.arch}`);
}

/** Which browser chromiumExecutable() would run, without unpacking anything; null: none here. */
export function chromiumSource(configured: string | undefined = process.env.CHROMIUM_PATH): ChromiumExecutable['source'] | null {
  const wanted = configured?.trim();
  if (wanted) {
    if (fs.existsSync(wanted)) return 'configured';
  } else if (fs.existsSync(SYSTEM_CHROMIUM)) {
    return 'system';
  }
  // The package holds a Linux x64 build (and arm64 on request): nothing for other systems.
  return process.platform === 'linux' && process.arch === 'x64' ? 'packaged' : null;
}

const unpacking = new Map<string, Promise<string>>();

/**
 * The packaged browser, unpacked once per machine into the temp folder (about 2 s the first
 * time; later starts find it there).
 */
export function packagedChromium(tmpDir: string = os.tmpdir()): Promise<string> {
  let job = unpacking.get(tmpDir);
  if (!job) {
    job = unpackChromium(tmpDir);
    unpacking.set(tmpDir, job);
    job.catch(() => unpacking.delete(tmpDir));
  }
  return job;
}

/**
 * The package unpacks in place, so two processes at once, or one killed midway, could leave a
 * broken file that every later start would trust. Here a child process unpacks into a private
 * folder, which is then renamed into place in one step; the loser of a race takes the winner's.
 */
export async function unpackChromium(tmpDir: string): Promise<string> {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@sparticuz/chromium');
  const manifest = path.join(path.dirname(entry), '..', '..', 'package.json');
  const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
  const target = path.join(tmpDir, `zine-chromium-${version}`);
  const binary = path.join(target, 'chromium');
  if (fs.existsSync(binary)) return binary;

  const staging = fs.mkdtempSync(path.join(tmpDir, 'zine-chromium-unpacking-'));
  try {
    const script = `require(${JSON.stringify(entry)}).executablePath().then((p) => process.stdout.write(p))`;
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], { env: { ...process.env, TMPDIR: staging }, timeout: 120_000 });
    if (path.dirname(stdout.trim()) !== staging) throw new Error(`@sparticuz/chromium unpacked to ${stdout.trim()}, not ${staging}`);
    fs.renameSync(staging, target);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    // Another process won the race: its copy is complete, since it was renamed in whole.
    if (fs.existsSync(binary)) return binary;
    throw error;
  }
  return binary;
}
