import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The layers' import rule (.dependency-cruiser.cjs, run over the tree by `npm run deps`) against a
 * small tree that breaks each rule once, and one that keeps them: the rule must see every break.
 */
const root = path.resolve(import.meta.dirname, '..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;
const fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'import-boundaries-'));

const FILES: Record<string, string> = {
  'server/api/articles/routes.ts': "import { publish } from '../../articles/publish';\nexport const route = publish;\n",
  'server/articles/publish.ts': 'export const publish = 1;\n',
  'server/articles/badRule.ts': "import { route } from '../api/articles/routes';\nexport const bad = route;\n",
  'server/articles/speaksHttp.ts': "import type { Request } from 'express';\nexport type R = Request;\n",
  'server/web/page.ts': "import { publish } from '../articles/publish';\nexport const page = publish;\n",
  'server/articles/badPage.ts': "import { page } from '../web/page';\nexport const bad = page;\n",
  'server/articles/badApp.ts': "import { app } from '../app';\nexport const bad = app;\n",
  'server/app.ts': "import { route } from './api/articles/routes';\nexport const app = route;\n",
  'shared/badServer.ts': "import { publish } from '../server/articles/publish';\nexport const bad = publish;\n",
  'shared/badNode.ts': "import fs from 'node:fs';\nexport const bad = fs;\n",
  'shared/fine.ts': 'export const fine = 1;\n',
  'client/badClient.ts': "import { publish } from '../server/articles/publish';\nexport const bad = publish;\n",
  'client/fine.ts': "import { fine } from '../shared/fine';\nexport const ok = fine;\n",
  'server/articles/rule.test.ts': "import { route } from '../api/articles/routes';\nexport const inTest = route;\n",
};

afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

describe('the import rule of the layers', () => {
  it('refuses each import that runs back up the house, and nothing else', async () => {
    for (const [file, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
      fs.writeFileSync(path.join(fixture, file), text);
    }
    fs.writeFileSync(path.join(fixture, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'ESNext', moduleResolution: 'bundler' } }));
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(fixture, 'node_modules'), 'dir');
    const before = process.cwd();
    process.chdir(fixture);
    try {
      const result = await cruise(['server', 'shared', 'client'], {
        ruleSet: { forbidden: config.forbidden },
        validate: true,
        tsPreCompilationDeps: true,
        doNotFollow: { path: '^node_modules/' },
      });
      const output = result.output;
      if (typeof output === 'string') throw new Error('expected a cruise result');
      const broken = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
      expect(broken).toEqual([
        'client-imports-server: client/badClient.ts -> server/articles/publish.ts',
        'domain-imports-http: server/articles/badApp.ts -> server/app.ts',
        'domain-imports-http: server/articles/badPage.ts -> server/web/page.ts',
        'domain-imports-http: server/articles/badRule.ts -> server/api/articles/routes.ts',
        expect.stringMatching(/^domain-imports-http: server\/articles\/speaksHttp\.ts -> .*node_modules\/express\/index\.js$/),
        'shared-imports-a-side: shared/badServer.ts -> server/articles/publish.ts',
        'shared-imports-node: shared/badNode.ts -> fs',
      ]);
    } finally {
      process.chdir(before);
    }
  });
});
