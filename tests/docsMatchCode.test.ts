import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// The docs and the comments name files of this repository; a name that no longer exists sends a
// reader nowhere. Decision records say when they were taken and whether they still stand.

const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const CITING = /\.(tsx?|mjs|md|css)$/;
/** A path from the repository's root with a file extension; `NNN` is the decision records' template. */
const CITED = /(?<![\w./-])((?:client|server|shared|scripts|tests|docs|public)\/[\w.@/-]*\w\.(?:tsx?|mjs|js|md|css|json|svg))/g;

describe('the docs and comments', () => {
  it('name only files that exist', () => {
    const missing: string[] = [];
    for (const file of tracked.filter((name) => CITING.test(name) && fs.existsSync(name))) {
      for (const [, cited = ''] of fs.readFileSync(file, 'utf8').matchAll(CITED)) {
        if (!cited.includes('NNN') && !fs.existsSync(cited)) missing.push(`${file} names ${cited}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('cite no issue number in the code (a clone cannot read the tracker): the decisions and the specification instead', () => {
    const citing = tracked.filter((name) => /\.(tsx?|mjs|css)$/.test(name) && fs.existsSync(name));
    const cited = citing.filter((file) => /\b[Ii]ssues? \d+/.test(fs.readFileSync(file, 'utf8')));
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
