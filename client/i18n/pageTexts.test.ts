import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEXT_LOCALES } from '../../shared/locale';
import type { PageTexts } from './pageTexts';
import type { Message } from './translate';

// Every page's or part's own texts are a `texts.ts` exporting a PageTexts table (server/newsletter/texts.ts too):
// the catalogues' rules hold for them as well (./catalogues.test.ts).

const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const textFiles = tracked.filter((file) => file.endsWith('/texts.ts'));

const isTable = (value: unknown): value is PageTexts<string> =>
  typeof value === 'object' && value !== null && TEXT_LOCALES.every((locale) => typeof (value as Record<string, unknown>)[locale] === 'object');
const forms = (message: Message): string[] => (typeof message === 'string' ? [message] : Object.values(message));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

async function tablesOf(file: string): Promise<[string, PageTexts<string>][]> {
  const module = (await import(path.resolve(file))) as Record<string, unknown>;
  return Object.entries(module).filter((entry): entry is [string, PageTexts<string>] => isTable(entry[1]));
}

describe('the texts of pages and parts', () => {
  it('are in one format: texts.ts, no JSON tables', () => {
    expect(textFiles.length).toBeGreaterThan(15);
    expect(tracked.filter((file) => file.endsWith('texts.json'))).toEqual([]);
  });

  it.each(textFiles)('%s: every key in the three languages with the same placeholders, a plain English text plain in all', async (file) => {
    const tables = await tablesOf(file);
    expect(tables.length).toBeGreaterThan(0);
    for (const [name, texts] of tables) {
      const keys = Object.keys(texts.en).sort();
      for (const locale of TEXT_LOCALES) {
        expect(Object.keys(texts[locale]).sort(), `${name} ${locale}`).toEqual(keys);
        for (const key of keys) {
          const english = texts.en[key] ?? '';
          const message = texts[locale][key] ?? '';
          if (typeof english === 'string') expect(typeof message, `${name} ${locale} ${key} is plain in English`).toBe('string');
          for (const text of forms(message)) {
            expect(text.trim().length, `${name} ${locale} ${key}`).toBeGreaterThan(0);
            expect(placeholders(text), `${name} ${locale} ${key}`).toEqual(placeholders(forms(english)[0] ?? ''));
          }
        }
      }
    }
  });
});
