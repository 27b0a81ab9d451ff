import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { ClaimLoop } from './claimLoop';

const logger = createLogger({ logLevel: 'silent' });

/** A queue of numbers whose claim can be held open, to wake the loop in the middle of it. */
function queueLoop(queue: number[], done: number[], hold?: { claim: Promise<void> }) {
  return new ClaimLoop<number>({
    claim: async () => {
      const next = queue.shift() ?? null;
      if (hold) await hold.claim;
      return next;
    },
    work: async (n) => {
      if (n < 0) throw new Error('broken');
      done.push(n);
    },
    logger,
    claimFailed: 'claim failed',
    workFailed: 'work failed',
  });
}

describe('ClaimLoop', () => {
  it('works until nothing is due, past a failed item', async () => {
    const done: number[] = [];
    const loop = queueLoop([1, -1, 2], done);
    loop.wake();
    await loop.idle();
    expect(done).toEqual([1, 2]);
  });

  it('looks again when woken during a claim that found nothing', async () => {
    const queue: number[] = [];
    const done: number[] = [];
    let release = () => {};
    const hold = { claim: new Promise<void>((resolve) => (release = resolve)) };
    const loop = queueLoop(queue, done, hold);
    loop.wake();
    // Work arrives after the claim began, with its wake: the empty claim must not end the round.
    queue.push(7);
    loop.wake();
    release();
    await loop.idle();
    expect(done).toEqual([7]);
  });

  it('claims nothing once stopped', async () => {
    const done: number[] = [];
    const loop = queueLoop([1], done);
    await loop.stop();
    loop.wake();
    await loop.idle();
    expect(done).toEqual([]);
    expect(loop.stopped).toBe(true);
  });
});
