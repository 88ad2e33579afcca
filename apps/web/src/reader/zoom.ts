/**
 * The reader's zoom: fit the page to the column, or a share of the page's actual size (a
 * Letter or A4 page, about 8.5 in wide at 96 CSS pixels an inch). Pages wider than the column
 * scroll sideways inside it.
 */
export type Zoom = 'fit' | 100 | 125 | 150 | 200 | 300;

export const ZOOMS: readonly Zoom[] = ['fit', 100, 125, 150, 200, 300];

/** CSS pixels of a page's width at 100 %. */
export const ACTUAL_SIZE_WIDTH = 816;

export function zoomLabel(zoom: Zoom): string {
  return zoom === 'fit' ? 'Fit width' : `${zoom} %`;
}

/** One step in or out from `zoom` (fit width counts as below 100 %), staying at the ends. */
export function stepZoom(zoom: Zoom, direction: 1 | -1): Zoom {
  const index = ZOOMS.indexOf(zoom);
  return ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, index + direction))] ?? zoom;
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
 * picks the `srcset` entry (1,600 pixels for a fitted page on a 2x laptop or a 3x phone). At fit
 * width, the reader's column: the screen less its margins, at most about 860 pixels.
 */
export function pageImageSizes(zoom: Zoom): string {
  const width = pageWidthAt(zoom);
  return width === undefined ? '(min-width: 1024px) 860px, calc(100vw - 2rem)' : `${width}px`;
}

/**
 * Widths the media service renders pages at for `srcset` (`w_`), from thumbnails to 300 %. 750
 * is a phone's: a fitted page on a 390 px screen at 1.75x or 2x needs 620 to 720 pixels, and
 * the next step, 1000, weighs about half as much again.
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
