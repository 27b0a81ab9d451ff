import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumExecutable, chromiumSource, unpackChromium } from './chromiumExecutable';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-chromium-test-'));
  dirs.push(dir);
  return dir;
};

describe('which Chromium runs', () => {
  it('takes CHROMIUM_PATH when it names a file', async () => {
    const file = path.join(freshDir(), 'my-chromium');
    fs.writeFileSync(file, '');
    expect(chromiumSource(file)).toBe('configured');
    expect(await chromiumExecutable(file)).toEqual({ path: file, source: 'configured' });
  });

  it('takes the packaged one when CHROMIUM_PATH names no file, never a system one', async () => {
    expect(chromiumSource('/nonexistent/chromium')).toBe('packaged');
    const found = await chromiumExecutable('/nonexistent/chromium');
    expect(found.source).toBe('packaged');
    expect(fs.statSync(found.path).mode & 0o111).not.toBe(0);
  }, 60_000);

  it('unpacks once however many ask at the same time, and leaves no half-unpacked folder', async () => {
    const dir = freshDir();
    const paths = await Promise.all([unpackChromium(dir), unpackChromium(dir), unpackChromium(dir)]);
    expect(new Set(paths).size).toBe(1);
    expect(paths[0]).toBe(path.join(dir, path.basename(path.dirname(paths[0] ?? '')), 'chromium'));
    expect(fs.readdirSync(dir).filter((name) => name.includes('unpacking'))).toEqual([]);
    // A later start finds it at once.
    const started = Date.now();
    expect(await unpackChromium(dir)).toBe(paths[0]);
    expect(Date.now() - started).toBeLessThan(200);
  }, 120_000);
});
