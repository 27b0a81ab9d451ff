import { describe, expect, it } from 'vitest';
import { countWords } from './wordCount';

describe('countWords', () => {
  it('counts latin words and each CJK character', () => {
    expect(countWords('Hello, brave new world')).toBe(4);
    expect(countWords('你好世界')).toBe(4);
    expect(countWords('Zine 编辑器 works — well')).toBe(3 + 3);
    expect(countWords('   ')).toBe(0);
  });
});
