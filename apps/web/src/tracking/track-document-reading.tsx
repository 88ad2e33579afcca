'use client';

import { usePresenceTracking, useScrollTracking, useTracking } from '@coursepack/tracker/react';
import { useEffect, useRef } from 'react';
import { PRODUCT_ACTIONS } from './product-actions';
import { useBaseTrackingConfig } from './tracking-context';

/** How long a new page must stay the one in view before it counts as turned to. */
const PAGE_TURN_SETTLE_MS = 1000;

/**
 * Reading analytics for a document page: scroll depth through the document, presence pings
 * that say which page is in view (the attention-per-page chart), and a `page_turn` action when
 * the reader settles on another page (scrolling past twenty pages is not twenty turns).
 */
export function TrackDocumentReading({ courseId, docId }: { courseId: number; docId: number }) {
  const pageInView = useRef(1);
  const tracking = useTracking({
    ...useBaseTrackingConfig(),
    type: 'document',
    name: 'document',
    course_id: courseId,
    doc_id: docId,
    related_entity: 'document',
    related_id: docId,
    presence: { meta: () => ({ page: pageInView.current }) },
  });
  useScrollTracking(tracking);
  usePresenceTracking(tracking);

  useEffect(() => {
    let settled = pageInView.current;
    let settleTimer: ReturnType<typeof setTimeout> | undefined;
    const pages = [...document.querySelectorAll<HTMLElement>('section[id^="page-"]')];
    const visible = new Map<number, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const page = Number((entry.target as HTMLElement).id.slice('page-'.length));
          visible.set(page, entry.isIntersecting ? entry.intersectionRatio : 0);
        }
        // The page occupying most of the viewport is the one being read.
        let best = pageInView.current;
        let bestRatio = 0;
        for (const [page, ratio] of visible) {
          if (ratio > bestRatio) {
            best = page;
            bestRatio = ratio;
          }
        }
        pageInView.current = best;
        clearTimeout(settleTimer);
        if (best !== settled) {
          settleTimer = setTimeout(() => {
            void tracking.trackAction({
              ...PRODUCT_ACTIONS.pageTurned,
              action_meta: { from: settled, to: best },
            });
            settled = best;
          }, PAGE_TURN_SETTLE_MS);
        }
      },
      { threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    for (const page of pages) observer.observe(page);
    return () => {
      observer.disconnect();
      clearTimeout(settleTimer);
    };
  }, [tracking]);
  return null;
}
