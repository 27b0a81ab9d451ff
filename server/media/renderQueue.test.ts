import { describe, expect, it } from 'vitest';
import { QueueFull, RenderQueue } from './renderQueue';

/** A job that finishes when told. */
function held<T>(value: T) {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { job: () => done.then(() => value), finish };
}

describe('RenderQueue', () => {
  it('runs at most `concurrency` jobs, lines up `maxWaiting` more and refuses the next', async () => {
    const queue = new RenderQueue<string>({ concurrency: 2, maxWaiting: 1, retryAfterS: 7 });
    const jobs = ['a', 'b', 'c'].map((name) => held(name));
    const results = jobs.map((j, i) => queue.run(`n${i}`, j.job));
    expect(queue.load).toEqual({ running: 2, waiting: 1 });
    const refused = await queue.run('n3', async () => 'd').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QueueFull);
    expect(refused).toMatchObject({ retryAfterS: 7 });
    jobs[0]?.finish();
    expect(await results[0]).toBe('a');
    await expect.poll(() => queue.load).toEqual({ running: 2, waiting: 0 });
    jobs[1]?.finish();
    jobs[2]?.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('gives callers of a name in flight its one result, without taking a place', async () => {
    const queue = new RenderQueue<number>({ concurrency: 1, maxWaiting: 0, retryAfterS: 1 });
    let runs = 0;
    const one = held(42);
    const job = () => {
      runs++;
      return one.job();
    };
    const first = queue.run('same', job);
    const second = queue.run('same', job);
    one.finish();
    expect(await Promise.all([first, second])).toEqual([42, 42]);
    expect(runs).toBe(1);
  });

  it('frees the place of a job that fails', async () => {
    const queue = new RenderQueue<number>({ concurrency: 1, maxWaiting: 0, retryAfterS: 1 });
    await expect(queue.run('bad', () => Promise.reject(new Error('unreadable')))).rejects.toThrow('unreadable');
    expect(await queue.run('good', async () => 1)).toBe(1);
  });
});
