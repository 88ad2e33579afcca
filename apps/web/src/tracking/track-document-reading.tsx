'use client';

import { usePresenceTracking, useScrollTracking, useTracking } from '@coursepack/tracker/react';
import { useEffect, useRef } from 'react';
import { useBaseTrackingConfig } from './tracking-context';

/**
 * Reading analytics for a document page: scroll depth through the document and
 * presence pings that say which page is in view (the attention-per-page chart).
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
      },
      { threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    for (const page of pages) observer.observe(page);
    return () => observer.disconnect();
  }, []);
  return null;
}
