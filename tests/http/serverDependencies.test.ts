import fs from 'node:fs';
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * A deploy installs with `npm ci --omit=dev` after the build (README): every package the built
 * server loads must be a dependency, not a devDependency.
 */
// The entry and the chunks of the pages and overlays it loads on demand (esbuild.config.mjs splits them).
const bundle = fs
  .readdirSync('dist/server', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.js'))
  .map((file) => fs.readFileSync(`dist/server/${file}`, 'utf8'))
  .join('\n');
const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

/** `import … from "x"`, `import("x")`, `import "x"` and `resolve("x")` (createRequire) of bare specifiers. */
function loadedPackages(code: string): string[] {
  const specifiers = Array.from(code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bresolve\(\s*)"([^"./][^"]*)"/g), (m) => m[1] ?? '');
  const packages = specifiers
    .filter((specifier) => !specifier.startsWith('node:') && !builtinModules.includes(specifier.split('/')[0] ?? ''))
    .filter((specifier) => /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/|$)/.test(specifier))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    )
    // `path.resolve("public")` reads like a package too: only installed packages count.
    .filter((name) => fs.existsSync(`node_modules/${name}/package.json`));
  return [...new Set(packages)].sort();
}

describe('the built server', () => {
  const loaded = loadedPackages(bundle);

  it('loads packages (the check sees them)', () => {
    expect(loaded).toEqual(expect.arrayContaining(['express', 'react', 'playwright-core', '@sparticuz/chromium']));
  });

  it('loads only dependencies, none that a production install leaves out', () => {
    const missing = loaded.filter((name) => !(name in manifest.dependencies));
    expect(missing).toEqual([]);
  });
});
