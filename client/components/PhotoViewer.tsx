import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import {
  clampPan,
  classifyStroke,
  distance,
  midpoint,
  pagerOffset,
  pagerTarget,
  panForZoom,
  zoomAfterClick,
  zoomAfterPinch,
  zoomAfterWheel,
  type Point,
} from '../../shared/gestures';
import { useStores } from '../stores/context';
import { usePageScrollLock } from './PhotoViewerScrollLock';

interface View {
  zoom: number;
  pan: Point;
}

const UNZOOMED: View = { zoom: 1, pan: { x: 0, y: 0 } };

/** One pointer's stroke, or the two fingers of a pinch. */
type Gesture = { kind: 'stroke'; start: Point; at: number; view: View; pinched: false } | { kind: 'pinch'; startDistance: number; startMid: Point; view: View };

/**
 * The photo viewer (docs/specification/shell.md §2, §9): full screen, 'n / total', previous and next,
 * close (and Escape), swipe paging, zoom 1 to 8 by pinch, wheel and click, page scroll
 * locked while open. Loaded on first open.
 */
export default observer(function PhotoViewer() {
  const { photos, env } = useStores();
  const { index } = photos;
  const total = photos.photos.length;
  const stage = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [view, setView] = useState<View>(UNZOOMED);
  const [drag, setDrag] = useState(0);
  const [animated, setAnimated] = useState(false);
  const viewRef = useRef(view);
  viewRef.current = view;
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);

  usePageScrollLock(closeButton);

  // Another photo starts unzoomed.
  useEffect(() => setView(UNZOOMED), [index]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') photos.close();
      else if (event.key === 'ArrowLeft') turnTo(photos.index - 1);
      else if (event.key === 'ArrowRight') turnTo(photos.index + 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // The wheel zooms about the cursor; the listener is not passive, so the page does not scroll.
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const current = viewRef.current;
      zoomAbout(current, zoomAfterWheel(current.zoom, event.deltaY), { x: event.clientX, y: event.clientY });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  });

  function turnTo(target: number) {
    setAnimated(true);
    setDrag(0);
    photos.go(target);
  }

  /** The current image's unzoomed box: its top-left on screen and its size. */
  function imageBox(current: View) {
    const image = stage.current?.querySelector<HTMLImageElement>('.photo-viewer__slide--current img');
    if (!image) return null;
    const rect = image.getBoundingClientRect();
    return { left: rect.left - current.pan.x, top: rect.top - current.pan.y, width: image.offsetWidth, height: image.offsetHeight };
  }

  /** Zooms to `zoom` keeping the image point under `focus` (screen coordinates) in place. */
  function zoomAbout(current: View, zoom: number, focus: Point, from: View = current) {
    const box = imageBox(current);
    if (!box || zoom === 1) {
      setView(UNZOOMED);
      return;
    }
    const local = { x: focus.x - box.left, y: focus.y - box.top };
    setView({ zoom, pan: clampPan(panForZoom(from.pan, from.zoom, zoom, local), zoom, box) });
  }

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    setAnimated(false);
    const [a, b] = [...pointers.current.values()];
    if (a && b) {
      gesture.current = { kind: 'pinch', startDistance: distance(a, b), startMid: midpoint(a, b), view: viewRef.current };
    } else if (a) {
      gesture.current = { kind: 'stroke', start: a, at: event.timeStamp, view: viewRef.current, pinched: false };
    }
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const current = gesture.current;
    if (!current) return;
    if (current.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const zoom = zoomAfterPinch(current.view.zoom, current.startDistance, distance(a, b));
      zoomAbout(viewRef.current, zoom, midpoint(a, b), current.view);
      return;
    }
    const dx = event.clientX - current.start.x;
    const dy = event.clientY - current.start.y;
    if (current.view.zoom > 1) {
      const box = imageBox(viewRef.current);
      if (box) {
        const pan = { x: current.view.pan.x + dx, y: current.view.pan.y + dy };
        setView({ zoom: current.view.zoom, pan: clampPan(pan, current.view.zoom, box) });
      }
    } else {
      setDrag(pagerOffset(dx, photos.index, total));
    }
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const current = gesture.current;
    if (current?.kind === 'pinch') {
      // The finger left on the glass starts no new stroke: a pinch ends when both are up.
      if (pointers.current.size === 0) gesture.current = null;
      return;
    }
    gesture.current = null;
    if (!current || event.type === 'pointercancel') {
      turnTo(photos.index);
      return;
    }
    const stroke = { dx: event.clientX - current.start.x, dy: event.clientY - current.start.y, ms: event.timeStamp - current.at };
    if (classifyStroke(stroke) === 'tap') {
      setDrag(0);
      zoomAbout(viewRef.current, zoomAfterClick(viewRef.current.zoom), { x: event.clientX, y: event.clientY });
      return;
    }
    if (current.view.zoom > 1) return;
    const width = stage.current?.clientWidth ?? window.innerWidth;
    turnTo(pagerTarget(stroke, width, photos.index, total));
  };

  const stripClasses = `photo-viewer__strip${animated ? ' photo-viewer__strip--animated' : ''}`;
  return (
    <div className="photo-viewer" role="dialog" aria-modal="true" aria-label={env.t('viewer.label')}>
      <div className="photo-viewer__bar">
        <span className="photo-viewer__counter" aria-live="polite">
          {env.t('viewer.counter', { index: index + 1, total })}
        </span>
        <button ref={closeButton} type="button" className="photo-viewer__button" aria-label={env.t('viewer.close')} onClick={() => photos.close()}>
          ×
        </button>
      </div>
      {total > 1 ? (
        <>
          <button
            type="button"
            className="photo-viewer__button photo-viewer__nav photo-viewer__nav--prev"
            aria-label={env.t('viewer.previous')}
            disabled={index === 0}
            onClick={() => turnTo(index - 1)}
          >
            ‹
          </button>
          <button
            type="button"
            className="photo-viewer__button photo-viewer__nav photo-viewer__nav--next"
            aria-label={env.t('viewer.next')}
            disabled={index === total - 1}
            onClick={() => turnTo(index + 1)}
          >
            ›
          </button>
        </>
      ) : null}
      <div
        ref={stage}
        className={`photo-viewer__stage${view.zoom > 1 ? ' photo-viewer__stage--zoomed' : ''}`}
        data-zoom={view.zoom.toFixed(2)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <div className={stripClasses} style={{ transform: `translateX(calc(${-index * 100}% + ${drag}px))` }}>
          {photos.photos.map((photo, i) => (
            <div key={i} className={`photo-viewer__slide${i === index ? ' photo-viewer__slide--current' : ''}`} aria-hidden={i !== index}>
              {/* Only the photo shown and its neighbours load. */}
              {Math.abs(i - index) <= 1 ? (
                <img
                  className="photo-viewer__image"
                  src={photo.src}
                  alt={photo.alt}
                  draggable={false}
                  style={i === index ? { transform: `translate(${view.pan.x}px, ${view.pan.y}px) scale(${view.zoom})` } : undefined}
                />
              ) : null}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
});
