import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

describe('the layout rules of DESIGN §2', () => {
  it('keeps shared/ pure: no node:* imports, no DOM globals', () => {
    for (const file of sourceFiles('shared')) {
      const text = fs.readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/from ['"]node:|require\(/);
      expect(text, file).not.toMatch(/\b(window|document|localStorage|sessionStorage|navigator)\./);
    }
  });

  it('keeps server code out of client/ and shared/', () => {
    for (const file of [...sourceFiles('client'), ...sourceFiles('shared')]) {
      expect(fs.readFileSync(file, 'utf8'), file).not.toMatch(/from ['"](\.\.\/)+server\//);
    }
  });

  it('has no any and no non-null assertions in the sources', () => {
    for (const file of [...sourceFiles('client'), ...sourceFiles('shared'), ...sourceFiles('server')]) {
      const text = withoutComments(fs.readFileSync(file, 'utf8'));
      expect(text, file).not.toMatch(/:\s*any\b|as any\b|<any>/);
      expect(text, file).not.toMatch(/[\w)\]]!\.(?!=)/);
    }
  });
});

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}
