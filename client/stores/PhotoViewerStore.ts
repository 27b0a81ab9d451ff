import { action, computed, observable, observableRef } from 'mobx';
import { makeStoreObservable } from './observable';

export interface ViewerPhoto {
  src: string;
  alt: string;
  /** The image's own size when known (from its attributes or once loaded). */
  width: number | null;
  height: number | null;
}

/** The photo viewer overlay (docs/specification/shell.md §2): which photos it shows and which one is current. */
export class PhotoViewerStore {
  photos: readonly ViewerPhoto[] = [];
  index = 0;

  constructor() {
    makeStoreObservable(this, {
      photos: observableRef,
      index: observable,
      isOpen: computed,
      open: action,
      close: action,
      go: action,
    });
  }

  get isOpen(): boolean {
    return this.photos.length > 0;
  }

  /** Opens on the photo at `index` (clamped) of `photos`; nothing to show keeps it closed. */
  open(photos: readonly ViewerPhoto[], index: number): void {
    if (photos.length === 0) return;
    this.photos = photos;
    this.index = clampIndex(index, photos.length);
  }

  close(): void {
    this.photos = [];
    this.index = 0;
  }

  /** Shows the photo at `index`; the first and last do not wrap around. */
  go(index: number): void {
    if (!this.isOpen) return;
    this.index = clampIndex(index, this.photos.length);
  }

  next(): void {
    this.go(this.index + 1);
  }

  previous(): void {
    this.go(this.index - 1);
  }
}

function clampIndex(index: number, length: number): number {
  if (!Number.isInteger(index)) return 0;
  return Math.min(length - 1, Math.max(0, index));
}
