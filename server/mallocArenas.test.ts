import { describe, expect, it } from 'vitest';
import { MALLOC_ARENA_MAX, workerEnv } from './mallocArenas';

describe('workerEnv', () => {
  it('gives forked workers two malloc arenas, unless the primary was started with a setting of its own', () => {
    expect(MALLOC_ARENA_MAX).toBe('2');
    expect(workerEnv({})).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(workerEnv({ MALLOC_ARENA_MAX: '8' })).toEqual({ MALLOC_ARENA_MAX: '8' });
  });
});
