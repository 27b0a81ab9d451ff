import { describe, expect, it } from 'vitest';
import { clampPan, clampZoom, classifyStroke, pagerOffset, pagerTarget, panForZoom, zoomAfterClick, zoomAfterPinch, zoomAfterWheel } from './gestures';

describe('classifyStroke (docs/specification/shell.md §9)', () => {
  it('calls a press under 300 ms and 20 px a tap, and not at the limits', () => {
    expect(classifyStroke({ dx: 5, dy: 5, ms: 120 })).toBe('tap');
    expect(classifyStroke({ dx: 19, dy: 0, ms: 299 })).toBe('tap');
    expect(classifyStroke({ dx: 0, dy: 0, ms: 300 })).toBe('drag');
    expect(classifyStroke({ dx: 20, dy: 0, ms: 100 })).toBe('drag');
  });

  it('calls a horizontal move under 500 ms and over 50 px a swipe, and not at the limits', () => {
    expect(classifyStroke({ dx: -51, dy: 4, ms: 200 })).toBe('swipe');
    expect(classifyStroke({ dx: 120, dy: 0, ms: 499 })).toBe('swipe');
    expect(classifyStroke({ dx: 50, dy: 0, ms: 200 })).toBe('drag');
    expect(classifyStroke({ dx: 120, dy: 0, ms: 500 })).toBe('drag');
    expect(classifyStroke({ dx: 60, dy: 200, ms: 200 })).toBe('drag');
  });
});

describe('pagerTarget', () => {
  const width = 375;
  it('turns on a swipe whatever its length past 50 px', () => {
    expect(pagerTarget({ dx: -60, dy: 0, ms: 150 }, width, 0, 3)).toBe(1);
    expect(pagerTarget({ dx: 60, dy: 0, ms: 150 }, width, 2, 3)).toBe(1);
  });

  it('turns a slow drag only past 20 % of the width', () => {
    expect(pagerTarget({ dx: -74, dy: 0, ms: 900 }, width, 0, 3)).toBe(0);
    expect(pagerTarget({ dx: -75, dy: 0, ms: 900 }, width, 0, 3)).toBe(1);
    expect(pagerTarget({ dx: 80, dy: 0, ms: 900 }, width, 1, 3)).toBe(0);
  });

  it('never turns past the first or the last page, or on a tap', () => {
    expect(pagerTarget({ dx: 200, dy: 0, ms: 100 }, width, 0, 3)).toBe(0);
    expect(pagerTarget({ dx: -200, dy: 0, ms: 100 }, width, 2, 3)).toBe(2);
    expect(pagerTarget({ dx: -3, dy: 0, ms: 50 }, width, 1, 3)).toBe(1);
    expect(pagerTarget({ dx: -200, dy: 0, ms: 100 }, width, 0, 1)).toBe(0);
  });

  it('resists past the ends while dragging', () => {
    expect(pagerOffset(90, 0, 3)).toBe(30);
    expect(pagerOffset(-90, 2, 3)).toBe(-30);
    expect(pagerOffset(-90, 0, 3)).toBe(-90);
  });
});

describe('zoom (1 to 8)', () => {
  it('doubles on a click up to 8, then goes back to 1', () => {
    const steps = [1];
    for (let i = 0; i < 4; i++) steps.push(zoomAfterClick(steps[steps.length - 1] ?? 1));
    expect(steps).toEqual([1, 2, 4, 8, 1]);
    expect(zoomAfterClick(5)).toBe(8);
  });

  it('zooms in with the wheel up, out with the wheel down, within 1..8', () => {
    expect(zoomAfterWheel(1, -100)).toBeGreaterThan(1.1);
    expect(zoomAfterWheel(2, 100)).toBeLessThan(2);
    expect(zoomAfterWheel(1, 500)).toBe(1);
    expect(zoomAfterWheel(7, -5000)).toBe(8);
  });

  it('scales with a pinch from where the fingers started', () => {
    expect(zoomAfterPinch(1, 100, 250)).toBe(2.5);
    expect(zoomAfterPinch(2, 100, 10)).toBe(1);
    expect(zoomAfterPinch(4, 100, 1000)).toBe(8);
    expect(zoomAfterPinch(3, 0, 50)).toBe(3);
  });

  it('refuses nonsense', () => {
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(clampZoom(Number.POSITIVE_INFINITY)).toBe(1);
    expect(clampZoom(0.2)).toBe(1);
  });
});

describe('panning', () => {
  it('keeps the point under the focus fixed while zooming', () => {
    const focus = { x: 100, y: 50 };
    const pan = panForZoom({ x: 0, y: 0 }, 1, 2, focus);
    expect(pan).toEqual({ x: -100, y: -50 });
    // The image point that was under the focus ((100, 50) at zoom 1) is still there at zoom 2.
    expect(pan.x + 2 * 100).toBe(100);
    expect(pan.y + 2 * 50).toBe(50);
  });

  it('keeps a zoomed image covering its box, and an unzoomed one in place', () => {
    const size = { width: 300, height: 200 };
    expect(clampPan({ x: 50, y: -500 }, 2, size)).toEqual({ x: 0, y: -200 });
    expect(clampPan({ x: -100, y: -100 }, 2, size)).toEqual({ x: -100, y: -100 });
    expect(clampPan({ x: -40, y: 30 }, 1, size)).toEqual({ x: 0, y: 0 });
  });
});
