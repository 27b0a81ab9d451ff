import { describe, expect, it } from 'vitest';
import { PhotoViewerStore, type ViewerPhoto } from './PhotoViewerStore';

const photo = (n: number): ViewerPhoto => ({ src: `/p${n}.svg`, alt: `photo ${n}`, width: 800, height: 600 });

describe('PhotoViewerStore', () => {
  it('opens on the photo asked for and pages without wrapping', () => {
    const viewer = new PhotoViewerStore();
    expect(viewer.isOpen).toBe(false);
    viewer.open([photo(1), photo(2), photo(3)], 1);
    expect(viewer.isOpen).toBe(true);
    expect(viewer.index).toBe(1);
    viewer.next();
    viewer.next();
    expect(viewer.index).toBe(2);
    viewer.previous();
    viewer.previous();
    viewer.previous();
    expect(viewer.index).toBe(0);
  });

  it('clamps a bad index, ignores an empty list, and forgets everything on close', () => {
    const viewer = new PhotoViewerStore();
    viewer.open([], 0);
    expect(viewer.isOpen).toBe(false);
    viewer.open([photo(1), photo(2)], 9);
    expect(viewer.index).toBe(1);
    viewer.open([photo(1), photo(2)], Number.NaN);
    expect(viewer.index).toBe(0);
    viewer.close();
    expect(viewer.isOpen).toBe(false);
    viewer.next();
    expect(viewer.index).toBe(0);
  });
});
