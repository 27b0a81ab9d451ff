import { describe, expect, it } from 'vitest';
import { placeMenu } from './ContextMenu';

describe('placeMenu', () => {
  it('opens at the pointer when there is room', () => {
    expect(placeMenu(100, 120, 1280, 900)).toEqual({ x: 100, y: 120 });
  });

  it('opens to the left near the right edge and stays on screen near the bottom', () => {
    expect(placeMenu(1200, 120, 1280, 900)).toEqual({ x: 1000, y: 120 });
    expect(placeMenu(100, 850, 1280, 900)).toEqual({ x: 100, y: 540 });
  });

  it('never leaves the top left corner on a small screen', () => {
    expect(placeMenu(150, 200, 320, 300)).toEqual({ x: 0, y: 0 });
  });
});
