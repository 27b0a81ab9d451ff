import fs from 'node:fs/promises';
import path from 'node:path';
import { themeOf } from '../../shared/themes';

const cache = new Map<string, string>();

/** The theme sheet of an article (public/themes/<name>.css), read once; empty when it cannot be read. */
export async function themeStylesheet(publicDir: string, themeName: string): Promise<string> {
  const { name } = themeOf(themeName);
  const cached = cache.get(name);
  if (cached !== undefined) return cached;
  const css = await fs.readFile(path.join(publicDir, 'themes', `${name}.css`), 'utf8').catch(() => '');
  // A sheet must not close the <style> element it goes into.
  const safe = css.replace(/<\/style/gi, '<\\/style');
  cache.set(name, safe);
  return safe;
}
