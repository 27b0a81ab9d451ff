import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The docs and the comments name files of this repository; a name that no longer exists sends a
// reader nowhere. Decision records say when they were taken and whether they still stand.

const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const CITING = /\.(tsx?|mjs|js|md|css)$/;
/** The repository's top-level folders: a path beginning with one of them is a path from the root. */
const ROOTS = '(?:client|server|shared|scripts|tests|docs|public)';
/** A file from the repository's root, with its extension; `NNN` is the decision records' template. */
const CITED_FILE = new RegExp(`(?<![\\w./-])(${ROOTS}/[\\w.@/-]*\\w\\.(?:tsx?|mjs|js|md|css|json|svg|html|sql|txt|ya?ml))(?![\\w/])`, 'g');
/** A folder from the root, with its trailing slash; a pattern such as `server/<domain>/` or `server/api/*\/` is no path. */
const CITED_FOLDER = new RegExp(`(?<![\\w./-])(${ROOTS}/(?:[\\w.@-]+/)*)(?![\\w<>*{}.@-])`, 'g');
/** A file named from the citing file's folder: `./support/testApp.ts`, `../README.md` from here. */
const CITED_RELATIVE = /(?<![\w./-])(\.\.?\/[\w.@/-]*\w\.(?:tsx?|mjs|js|md|css|json))(?![\w/])/g;
/** The files at the root that comments and docs name. */
const CITED_ROOT_FILE = /(?<![\w./-])((?:esbuild|vitest|eslint)\.config\.m?[jt]s|tsconfig\.json|package\.json|Procfile)(?![\w/])/g;

/** Each path of this repository that the text names. */
function citedPaths(text: string): string[] {
  return [CITED_FILE, CITED_FOLDER, CITED_ROOT_FILE].flatMap((pattern) => Array.from(text.matchAll(pattern), (match) => match[1] ?? ''));
}

/** An issue or pull request of a tracker, or a helper's label: nothing a clone can read. */
const TRACKER_CITATION = /\b[Ii]ssues? #?\d+|\b(?:PR|[Pp]ull request|[Tt]icket)s? #?\d+|\(#\d+\)|\b[Hh]elper [A-Z]\b/;

describe('the docs and comments', () => {
  it('find the paths they name (the check sees files, folders and root files)', () => {
    expect(citedPaths('see server/payments/settleTrade.ts, server/payments/ and package.json')).toEqual([
      'server/payments/settleTrade.ts',
      'server/payments/',
      'package.json',
    ]);
    expect(citedPaths('server/<domain>/, server/api/*/service.ts, ./server/x.ts, docs/decisions/NNN-title.md')).toEqual(['docs/decisions/NNN-title.md']);
  });

  it('name only files and folders that exist', () => {
    const missing: string[] = [];
    for (const file of tracked.filter((name) => CITING.test(name) && fs.existsSync(name))) {
      for (const cited of citedPaths(fs.readFileSync(file, 'utf8'))) {
        if (!cited.includes('NNN') && !fs.existsSync(cited)) missing.push(`${file} names ${cited}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('name only files that exist beside them, in a comment that gives a relative path', () => {
    const missing: string[] = [];
    for (const file of tracked.filter((name) => /\.(tsx?|mjs|js|css)$/.test(name) && fs.existsSync(name))) {
      const comments = fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /^\s*(?:\/\/|\/?\*)/.test(line));
      for (const line of comments) {
        for (const [, cited = ''] of line.matchAll(CITED_RELATIVE)) {
          if (!fs.existsSync(path.join(path.dirname(file), cited))) missing.push(`${file} names ${cited}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('cite no issue number nor helper label in the code (a clone cannot read the tracker): the decisions and the specification instead', () => {
    expect(['see issue 35', 'issue #7', 'fixed in PR 12', '(#35)', '// Helper G: menus'].filter((text) => TRACKER_CITATION.test(text))).toHaveLength(5);
    expect(['&#39;', 'PKCS#8', 'Booklet #9', 'the helpers G'].filter((text) => TRACKER_CITATION.test(text))).toEqual([]);
    const citing = tracked.filter((name) => /\.(tsx?|mjs|js|css)$/.test(name) && fs.existsSync(name));
    const cited = citing.filter((file) => file !== 'tests/docsMatchCode.test.ts' && TRACKER_CITATION.test(fs.readFileSync(file, 'utf8')));
    expect(cited).toEqual([]);
  });

  it('give every decision record a date and a status, and a replacement that exists', () => {
    const records = tracked.filter((name) => /^docs\/decisions\/\d{3}-.*\.md$/.test(name));
    expect(records.length).toBeGreaterThan(50);
    const numbers = new Set(records.map((name) => name.slice('docs/decisions/'.length, 'docs/decisions/'.length + 3)));
    const problems: string[] = [];
    for (const record of records) {
      const head = fs.readFileSync(record, 'utf8').split('\n').slice(0, 6).join('\n');
      if (!/^Date: \d{4}-\d{2}-\d{2}\b/m.test(head)) problems.push(`${record}: no Date`);
      const status = /Status: (.*)$/m.exec(head)?.[1];
      if (!status) problems.push(`${record}: no Status`);
      for (const [, replacement = ''] of (status ?? '').matchAll(/[Ss]uperseded(?: in part)? by ((?:\d{3}(?:,? | and )?)+)/g)) {
        for (const number of replacement.match(/\d{3}/g) ?? []) if (!numbers.has(number)) problems.push(`${record}: superseded by a missing ${number}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
