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

/** The small tree's files, from its root (written `./…`: they are not this repository's). */
const F = {
  route: './server/api/articles/routes.ts',
  rule: './server/articles/publish.ts',
  ruleImportingRoute: './server/articles/badRule.ts',
  ruleImportingExpress: './server/articles/speaksHttp.ts',
  webPage: './server/web/page.ts',
  ruleImportingPage: './server/articles/badPage.ts',
  ruleImportingApp: './server/articles/badApp.ts',
  app: './server/app.ts',
  sharedImportingServer: './shared/badServer.ts',
  sharedImportingNode: './shared/badNode.ts',
  sharedFine: './shared/fine.ts',
  clientImportingServer: './client/badClient.ts',
  clientFine: './client/fine.ts',
  testImportingRoute: './server/articles/rule.test.ts',
};

const FILES: Record<string, string> = {
  [F.route]: "import { publish } from '../../articles/publish';\nexport const route = publish;\n",
  [F.rule]: 'export const publish = 1;\n',
  [F.ruleImportingRoute]: "import { route } from '../api/articles/routes';\nexport const bad = route;\n",
  [F.ruleImportingExpress]: "import type { Request } from 'express';\nexport type R = Request;\n",
  [F.webPage]: "import { publish } from '../articles/publish';\nexport const page = publish;\n",
  [F.ruleImportingPage]: "import { page } from '../web/page';\nexport const bad = page;\n",
  [F.ruleImportingApp]: "import { app } from '../app';\nexport const bad = app;\n",
  [F.app]: "import { route } from './api/articles/routes';\nexport const app = route;\n",
  [F.sharedImportingServer]: "import { publish } from '../server/articles/publish';\nexport const bad = publish;\n",
  [F.sharedImportingNode]: "import fs from 'node:fs';\nexport const bad = fs;\n",
  [F.sharedFine]: 'export const fine = 1;\n',
  [F.clientImportingServer]: "import { publish } from '../server/articles/publish';\nexport const bad = publish;\n",
  [F.clientFine]: "import { fine } from '../shared/fine';\nexport const ok = fine;\n",
  [F.testImportingRoute]: "import { route } from '../api/articles/routes';\nexport const inTest = route;\n",
};

/** A break as the cruise reports it. */
const broken = (rule: string, from: string, to: string) => `${rule}: ${path.normalize(from)} -> ${path.normalize(to)}`;

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
      const found = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
      expect(found).toEqual([
        broken('client-imports-server', F.clientImportingServer, F.rule),
        broken('domain-imports-http', F.ruleImportingApp, F.app),
        broken('domain-imports-http', F.ruleImportingPage, F.webPage),
        broken('domain-imports-http', F.ruleImportingRoute, F.route),
        expect.stringMatching(/^domain-imports-http: \S+speaksHttp\.ts -> .*node_modules\/express\/index\.js$/),
        broken('shared-imports-a-side', F.sharedImportingServer, F.rule),
        broken('shared-imports-node', F.sharedImportingNode, 'fs'),
      ]);
    } finally {
      process.chdir(before);
    }
  });
});
