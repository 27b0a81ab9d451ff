import { describe, expect, it } from 'vitest';
import { cutComment } from './CommentsStore';

describe('cutComment', () => {
  it('keeps the first 140 characters, counting Chinese and emoji as one each', () => {
    expect(cutComment('a'.repeat(200))).toHaveLength(140);
    expect([...cutComment('好'.repeat(150))]).toHaveLength(140);
    expect([...cutComment('😀'.repeat(141))]).toHaveLength(140);
    expect(cutComment('  hi  ')).toBe('hi');
  });
});
