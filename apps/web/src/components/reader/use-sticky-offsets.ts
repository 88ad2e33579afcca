'use client';

import { type CSSProperties, type RefObject, useEffect, useState } from 'react';

/** Space left between the toolbar and a page it scrolls to. */
const GAP_PX = 8;

export interface StickyOffsets {
  /** Where the toolbar sticks: below the site's sticky header (none in full screen). */
  toolbarTop: number;
  /**
   * `--reader-top`: where content sticks below the header and the toolbar (the page rail);
   * `--reader-offset`: the scroll margin that lands a page gone to below the header and the
   * toolbar (less the document's scroll padding, which scrolling adds to it).
   */
  rootStyle: CSSProperties;
}

/** The site header's height, measured: it wraps to two or three rows on phones. */
function stickyHeaderHeight(): number {
  const header = document.querySelector<HTMLElement>('body header');
  if (!header) return 0;
  const position = getComputedStyle(header).position;
  return position === 'sticky' || position === 'fixed' ? header.offsetHeight : 0;
}

/**
 * The reader's sticky offsets, kept in step with the site header's and the toolbar's heights
 * (ResizeObserver): the toolbar sticks under the header, and pages land under the toolbar.
 */
export function useStickyOffsets(
  toolbar: RefObject<HTMLElement | null>,
  fullscreen: boolean,
): StickyOffsets {
  const [heights, setHeights] = useState({ header: 64, toolbar: 56, padding: 0 });
  useEffect(() => {
    // Measured when the observer reports, right after the browser's own layout (its first report
    // comes as it starts observing): measuring as the reader mounts laid the page out early.
    const measure = () => {
      const next = {
        header: fullscreen ? 0 : stickyHeaderHeight(),
        toolbar: toolbar.current?.offsetHeight ?? 56,
        // The page's own scroll padding (the site's, for its sticky header) adds to a margin.
        padding: fullscreen
          ? 0
          : Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0,
      };
      // The same heights keep the same state: no render of the reader for nothing.
      setHeights((previous) =>
        previous.header === next.header &&
        previous.toolbar === next.toolbar &&
        previous.padding === next.padding
          ? previous
          : next,
      );
    };
    const observer = new ResizeObserver(measure);
    const header = document.querySelector('body header');
    if (header) observer.observe(header);
    if (toolbar.current) observer.observe(toolbar.current);
    return () => observer.disconnect();
  }, [toolbar, fullscreen]);
  return {
    toolbarTop: heights.header,
    rootStyle: {
      '--reader-top': `${heights.header + heights.toolbar + GAP_PX}px`,
      '--reader-offset': `${Math.max(0, heights.header + heights.toolbar + GAP_PX - heights.padding)}px`,
    } as CSSProperties,
  };
}
