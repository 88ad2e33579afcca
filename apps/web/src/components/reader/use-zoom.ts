'use client';

import {
  type PointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { doubleTapZoom, fitScale, type Zoom } from '@/reader/zoom';

/** Two taps this close in time and place are a double tap (the platforms' own figures). */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_DISTANCE_PX = 40;
/** A touch that moves further than this is a pan, not a tap. */
const TAP_SLOP_PX = 10;

/** A point of a page, kept where it was on the screen across a change of zoom. */
interface Anchor {
  page: HTMLElement;
  /** The point as fractions of the page's box. */
  fx: number;
  fy: number;
  /** Where it was in the viewport. */
  x: number;
  y: number;
}

export interface ReaderZoom {
  zoom: Zoom;
  /** Fit width's scale (percent of a page's actual size), measured from the column. */
  fit: number;
  /** Changes the zoom, keeping the point at (x, y) of the viewport (its middle) where it is. */
  zoomTo: (next: Zoom, at?: { x: number; y: number }) => void;
  /** On the pages: a double tap zooms to a readable size at the tapped point, or back to fit. */
  touchHandlers: {
    onPointerDown: (event: PointerEvent) => void;
    onPointerUp: (event: PointerEvent) => void;
    onPointerCancel: () => void;
  };
}

/** The page box under viewport line `y`, else the nearest (the line falls in a gap). */
function pageAt(list: HTMLElement, y: number): HTMLElement | undefined {
  let nearest: { page: HTMLElement; distance: number } | undefined;
  for (const page of list.querySelectorAll<HTMLElement>('section[id^="page-"]')) {
    const box = page.getBoundingClientRect();
    const distance = y < box.top ? box.top - y : y > box.bottom ? y - box.bottom : 0;
    if (distance === 0) return page;
    if (!nearest || distance < nearest.distance) nearest = { page, distance };
  }
  return nearest?.page;
}

/**
 * The reader's zoom, with fit width's own scale measured from the pages' column (so "+" and "−"
 * step from what is shown), a double tap on a touch screen, and the point being read kept in
 * place: without it a zoomed page lands the reader on another page, or another part of it.
 * `scrollBy` scrolls what holds the pages vertically (the window, or the reader in full screen).
 */
export function useZoom(
  pagesList: RefObject<HTMLElement | null>,
  scrollBy: (top: number) => void,
): ReaderZoom {
  const [zoom, setZoom] = useState<Zoom>('fit');
  // 117 % (a laptop's column) until measured, as the reader mounts.
  const [fit, setFit] = useState(fitScale(958));
  const anchor = useRef<Anchor | null>(null);

  useEffect(() => {
    const list = pagesList.current;
    if (!list) return;
    const observer = new ResizeObserver(() => setFit(fitScale(list.clientWidth)));
    observer.observe(list);
    return () => observer.disconnect();
  }, [pagesList]);

  const zoomTo = useCallback(
    (next: Zoom, at?: { x: number; y: number }) => {
      const list = pagesList.current;
      if (list) {
        const frame = list.getBoundingClientRect();
        const point = at ?? {
          x: (Math.max(frame.left, 0) + Math.min(frame.right, window.innerWidth)) / 2,
          y: window.innerHeight / 2,
        };
        const page = pageAt(list, point.y);
        if (page) {
          const box = page.getBoundingClientRect();
          anchor.current = {
            page,
            fx: (point.x - box.left) / box.width,
            fy: (point.y - box.top) / box.height,
            ...point,
          };
        }
      }
      setZoom(next);
    },
    [pagesList],
  );

  // Before the browser paints the new zoom: the anchored point back under the finger or the eye.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new zoom, whose layout it reads
  useLayoutEffect(() => {
    const held = anchor.current;
    const list = pagesList.current;
    anchor.current = null;
    if (!held || !list || !held.page.isConnected) return;
    const box = held.page.getBoundingClientRect();
    list.scrollLeft += box.left + held.fx * box.width - held.x;
    scrollBy(box.top + held.fy * box.height - held.y);
  }, [zoom]);

  const tap = useRef<{ x: number; y: number } | null>(null);
  const lastTap = useRef<{ x: number; y: number; time: number } | null>(null);
  const touchHandlers = {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType !== 'touch' || !event.isPrimary) return;
      tap.current = { x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent) => {
      const start = tap.current;
      tap.current = null;
      if (event.pointerType !== 'touch' || !start) return;
      if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > TAP_SLOP_PX) return;
      const previous = lastTap.current;
      const now = event.timeStamp;
      if (
        previous &&
        now - previous.time <= DOUBLE_TAP_MS &&
        Math.hypot(event.clientX - previous.x, event.clientY - previous.y) <= DOUBLE_TAP_DISTANCE_PX
      ) {
        lastTap.current = null;
        zoomTo(doubleTapZoom(zoom, fit), { x: event.clientX, y: event.clientY });
        return;
      }
      lastTap.current = { x: event.clientX, y: event.clientY, time: now };
    },
    // A pan or a pinch took the touch.
    onPointerCancel: () => {
      tap.current = null;
      lastTap.current = null;
    },
  };

  return { zoom, fit, zoomTo, touchHandlers };
}
