import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TipsStore } from './TipsStore';

describe('TipsStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps a tip 3000 ms by default and an error tip 6000 ms', () => {
    const tips = new TipsStore();
    tips.push({ text: 'copied' });
    tips.push({ text: 'save failed 500', kind: 'error' });
    vi.advanceTimersByTime(3000);
    expect(tips.items.map((t) => t.text)).toEqual(['save failed 500']);
    vi.advanceTimersByTime(3000);
    expect(tips.items).toEqual([]);
  });

  it('removes a previous tip whose timeout is 0 when the next arrives', () => {
    const tips = new TipsStore();
    tips.push({ text: 'traffic_lack', timeout: 0 });
    vi.advanceTimersByTime(60_000);
    expect(tips.top?.text).toBe('traffic_lack');
    tips.push({ text: 'next' });
    expect(tips.items.map((t) => t.text)).toEqual(['next']);
  });

  it('starts the clock of a previous tip with a negative timeout, flipped positive', () => {
    const tips = new TipsStore();
    tips.push({ text: 'sticky', timeout: -1000 });
    vi.advanceTimersByTime(5000);
    expect(tips.items).toHaveLength(1);
    tips.push({ text: 'next', timeout: 10_000 });
    expect(tips.items.find((t) => t.text === 'sticky')?.timeout).toBe(1000);
    vi.advanceTimersByTime(1000);
    expect(tips.items.map((t) => t.text)).toEqual(['next']);
  });
});
