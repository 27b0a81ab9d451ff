import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Server modules import each other in one direction: a module that imports one that imports it
// back (even for a type) is two jobs in one place, and cannot be read or changed alone.

const tracked = execFileSync('git', ['ls-files', 'server', 'shared'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && fs.existsSync(file));
const known = new Set(tracked);

/** The modules of this tree a file imports statically (`import`/`export … from`, types included). */
function importsOf(file: string, source: string): string[] {
  const found: string[] = [];
  for (const [, specifier = ''] of source.matchAll(/^(?:import|export)\b[^'"]*?\bfrom\s+'(\.[^']+)'/gm)) {
    const base = path.join(path.dirname(file), specifier);
    const target = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => known.has(candidate));
    if (target) found.push(target);
  }
  return found;
}

/** Each cycle of a graph once, as the path from its first module back to it. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('the imports of server/ and shared/', () => {
  it('find the cycles of a graph (the check sees them)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(importsOf('server/payments/pollTrades.ts', "import type { A } from './settleTrade';\nexport { B } from './nowhere';")).toEqual([
      'server/payments/settleTrade.ts',
    ]);
  });

  it('run one way: no module imports one that imports it back', () => {
    const graph = new Map(tracked.map((file) => [file, importsOf(file, fs.readFileSync(file, 'utf8'))]));
    expect(graph.size).toBeGreaterThan(400);
    expect(cyclesOf(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});
