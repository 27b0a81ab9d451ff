import { describe, expect, it } from 'vitest';
import { transferNumbers } from './transferNumbers';

describe('transferNumbers', () => {
  it('gives the same letters-and-digits numbers for the same withdrawal, and others for another', () => {
    const first = transferNumbers(42, 1_790_000_000_000);
    expect(first).toEqual(transferNumbers(42, 1_790_000_000_000));
    expect(first.outBatchNo).toMatch(/^[A-Za-z0-9]{1,32}$/);
    expect(first.outDetailNo).toMatch(/^[A-Za-z0-9]{1,32}$/);
    expect(first.outDetailNo.startsWith(first.outBatchNo)).toBe(true);
    expect(transferNumbers(43, 1_790_000_000_000).outBatchNo).not.toBe(first.outBatchNo);
    expect(transferNumbers(42, 1_790_000_000_001).outBatchNo).not.toBe(first.outBatchNo);
  });

  it('stays within 32 characters for the largest ids and times', () => {
    expect(transferNumbers(Number.MAX_SAFE_INTEGER, 8.64e15).outDetailNo.length).toBeLessThanOrEqual(32);
  });

  it('refuses what is not a withdrawal id', () => {
    expect(() => transferNumbers(0, 1)).toThrow();
    expect(() => transferNumbers(1.5, 1)).toThrow();
  });
});
