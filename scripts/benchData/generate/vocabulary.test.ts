import { describe, expect, it } from 'vitest';
import { Random } from '../random';
import { COMMON_CHINESE_WORDS, madeUpWords, phraseTail } from './vocabulary';

describe('vocabulary', () => {
  it('takes the long tail of Chinese from the phrase table: two- and three-character words, Traditional forms only where they differ', () => {
    const tail = phraseTail(200, 5);
    expect(tail).toHaveLength(200);
    for (const [simplified, traditional] of tail) {
      expect([2, 3]).toContain([...simplified].length);
      expect(traditional).not.toBe(simplified);
    }
    expect(phraseTail(50, 6)).not.toEqual(tail.slice(0, 50));
  });

  it('makes up distinct English-like words, the same for the same seed, none of the excluded', () => {
    const words = madeUpWords(new Random(7), 500);
    expect(new Set(words).size).toBe(500);
    expect(madeUpWords(new Random(7), 500)).toEqual(words);
    for (const word of words) expect(word).toMatch(/^[a-z]{3,}$/);
    const first = words[0] ?? '';
    expect(madeUpWords(new Random(7), 500, new Set([first]))).not.toContain(first);
  });

  it('starts with the common words the search rows name', () => {
    expect(COMMON_CHINESE_WORDS.slice(0, 2).map(([simplified]) => simplified)).toEqual(['我们', '城市']);
  });
});
