/**
 * The photo viewer's gesture maths (docs/specification/shell.md §9: tap under 300 ms and 20 px; swipe under
 * 500 ms and over 50 px; the pager turns at 20 % drag; zoom 1 to 8, a click doubles).
 * Pure functions, so the rules are tested without a browser.
 */
export const TAP_MAX_MS = 300;
export const TAP_MAX_PX = 20;
export const SWIPE_MAX_MS = 500;
export const SWIPE_MIN_PX = 50;
export const PAGER_TURN_RATIO = 0.2;
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 8;

export interface Point {
  x: number;
  y: number;
}

export interface Stroke {
  dx: number;
  dy: number;
  /** How long the pointer was down. */
  ms: number;
}

export type StrokeKind = 'tap' | 'swipe' | 'drag';

/** A short, still press is a tap; a quick, long-enough horizontal move is a swipe; anything else a drag. */
export function classifyStroke({ dx, dy, ms }: Stroke): StrokeKind {
  const distance = Math.hypot(dx, dy);
  if (ms < TAP_MAX_MS && distance < TAP_MAX_PX) return 'tap';
  if (ms < SWIPE_MAX_MS && Math.abs(dx) > SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy)) return 'swipe';
  return 'drag';
}

/**
 * The page the pager settles on after a horizontal stroke: a swipe, or a drag past 20 %
 * of the width, turns one page in its direction (dragging left shows the next photo);
 * the first and last pages do not turn past the ends.
 */
export function pagerTarget(stroke: Stroke, width: number, index: number, total: number): number {
  const turns = classifyStroke(stroke) === 'swipe' || (width > 0 && Math.abs(stroke.dx) >= width * PAGER_TURN_RATIO);
  if (!turns || stroke.dx === 0) return index;
  const target = stroke.dx < 0 ? index + 1 : index - 1;
  return clamp(target, 0, Math.max(0, total - 1));
}

/** How far the strip follows a drag: fully inside, a third of it past the first or last page. */
export function pagerOffset(dx: number, index: number, total: number): number {
  const pastStart = index === 0 && dx > 0;
  const pastEnd = index >= total - 1 && dx < 0;
  return pastStart || pastEnd ? dx / 3 : dx;
}

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return ZOOM_MIN;
  return clamp(zoom, ZOOM_MIN, ZOOM_MAX);
}

/** A click doubles the zoom up to 8; a click at 8 goes back to 1. */
export function zoomAfterClick(zoom: number): number {
  return zoom >= ZOOM_MAX ? ZOOM_MIN : clampZoom(zoom * 2);
}

/** The wheel zooms smoothly: about 10 % a notch (deltaY 100 = one notch; down zooms out). */
export function zoomAfterWheel(zoom: number, deltaY: number): number {
  return clampZoom(zoom * Math.exp(-deltaY * 0.001));
}

/** Two fingers scale the zoom they started with by how far apart they have moved. */
export function zoomAfterPinch(startZoom: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return clampZoom(startZoom);
  return clampZoom((startZoom * distance) / startDistance);
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/**
 * A point p of the unzoomed image box is drawn at `pan + zoom * p` (translate, then
 * scale from the top-left corner; all points relative to that corner). Zooming from
 * `from` to `to` about `focus` keeps the image point under the focus where it is.
 */
export function panForZoom(pan: Point, from: number, to: number, focus: Point): Point {
  const ratio = to / from;
  return { x: focus.x - (focus.x - pan.x) * ratio, y: focus.y - (focus.y - pan.y) * ratio };
}

/**
 * Keeps a zoomed image covering its frame: it cannot be dragged so far that a gap opens
 * at an edge. `size` is the image's unzoomed box, `zoom` scales it from its top-left.
 */
export function clampPan(pan: Point, zoom: number, size: { width: number; height: number }): Point {
  const extraX = size.width * (zoom - 1);
  const extraY = size.height * (zoom - 1);
  // `|| 0` turns -0 into 0.
  return { x: clamp(pan.x, -extraX, 0) || 0, y: clamp(pan.y, -extraY, 0) || 0 };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
