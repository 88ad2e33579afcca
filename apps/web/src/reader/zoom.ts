import { isTypingTarget, type PagingKey } from './paging';

/**
 * The reader's zoom: fit the page to the column, or a share of the page's actual size (a
 * Letter or A4 page, about 8.5 in wide at 96 CSS pixels an inch). Pages wider than the column
 * scroll sideways inside it.
 */
export type Zoom = 'fit' | 75 | 100 | 125 | 150 | 200 | 300;

/** The choices of the zoom menu, fit width first. */
export const ZOOMS: readonly Zoom[] = ['fit', 75, 100, 125, 150, 200, 300];

/** CSS pixels of a page's width at 100 %. */
export const ACTUAL_SIZE_WIDTH = 816;

/**
 * A step that changes the page's width by less than this share is no step: from fit width at
 * 98 %, "+" goes to 125 %, not to a 100 % that looks the same.
 */
const SMALLEST_STEP = 0.05;

export function zoomLabel(zoom: Zoom): string {
  return zoom === 'fit' ? 'Fit width' : `${zoom} %`;
}

/** Fit width's scale in percent of the actual size: the column's width over a page's at 100 %. */
export function fitScale(columnWidth: number): number {
  return (columnWidth / ACTUAL_SIZE_WIDTH) * 100;
}

/** The scale a page is shown at, in percent of its actual size (`fit`: fit width's). */
export function scaleOf(zoom: Zoom, fit: number): number {
  return zoom === 'fit' ? fit : zoom;
}

/**
 * One step in (1) or out (-1) from the scale the page is shown at: fit width is a step at its
 * own scale (117 % in a laptop's column, 44 % on a phone), so "+" always makes the page bigger
 * and "−" smaller. Undefined at the ends (nothing bigger than 300 %, nothing smaller than the
 * smaller of 75 % and fit width).
 */
export function stepZoom(zoom: Zoom, direction: 1 | -1, fit: number): Zoom | undefined {
  const current = scaleOf(zoom, fit);
  const steps = ZOOMS.filter((level) => {
    const ratio = scaleOf(level, fit) / current;
    return direction === 1 ? ratio > 1 + SMALLEST_STEP : ratio < 1 - SMALLEST_STEP;
  }).sort((a, b) => direction * (scaleOf(a, fit) - scaleOf(b, fit)));
  return steps[0];
}

/** Percent of the actual size at which a page's body text (10–11 pt) is 13–15 CSS px. */
const READABLE_SCALE = 100;

/**
 * Where a double tap leads: from fit width (or anything smaller) to a readable size, at least
 * one and a half times fit width's (100 % on a phone, 200 % in a laptop's column); from a zoomed
 * page back to fit width.
 */
export function doubleTapZoom(zoom: Zoom, fit: number): Zoom {
  if (zoom !== 'fit' && zoom > fit * (1 + SMALLEST_STEP)) return 'fit';
  const wanted = Math.max(READABLE_SCALE, fit * 1.5);
  return ZOOMS.find((level) => level !== 'fit' && level >= wanted) ?? 300;
}

/**
 * The zoom step of a key pressed in the reader: + (or =, the same key unshifted) zooms in, − out.
 * None while typing in a field or with a modifier held (Ctrl and + zoom the browser's own page).
 */
export function zoomKeyOf(event: PagingKey): 1 | -1 | undefined {
  if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) {
    return undefined;
  }
  return event.key === '+' || event.key === '=' ? 1 : event.key === '-' ? -1 : undefined;
}

export function parseZoom(value: string): Zoom {
  return ZOOMS.find((zoom) => String(zoom) === value) ?? 'fit';
}

/** A page's CSS width at `zoom`; undefined at fit width (the column's). */
export function pageWidthAt(zoom: Zoom): number | undefined {
  return zoom === 'fit' ? undefined : Math.round((ACTUAL_SIZE_WIDTH * zoom) / 100);
}

/**
 * The `sizes` of a page image at `zoom`: its CSS width, which with the screen's pixel ratio
 * picks the `srcset` entry (1,600 pixels for a fitted page on a 2x laptop or a 3x phone, 2,400
 * for a phone's page at 100 %). At fit width, the reader's column: the screen less its margins,
 * at most about 860 pixels.
 */
export function pageImageSizes(zoom: Zoom): string {
  const width = pageWidthAt(zoom);
  return width === undefined ? '(min-width: 1024px) 860px, calc(100vw - 2rem)' : `${width}px`;
}

/**
 * Widths the media service renders pages at for `srcset` (`w_`), from thumbnails to 300 %. 750
 * is a phone's: a fitted page on a 390 px screen at 1.75x or 2x needs 620 to 720 pixels, and
 * the next step, 1000, weighs about half as much again. 2,400 is about the most the media
 * service draws a page at (twice 150 DPI: 2,550 for a Letter page).
 */
export const PAGE_IMAGE_WIDTHS = [500, 750, 1000, 1600, 2400] as const;

/** A `srcset` from one URL per width, with the page number in each (see page-image-pattern.ts). */
export function pageImageSrcSet(
  patterns: readonly { width: number; url: string }[],
  page: number,
  placePage: (pattern: string, page: number) => string,
): string {
  return patterns.map(({ width, url }) => `${placePage(url, page)} ${width}w`).join(', ');
}
