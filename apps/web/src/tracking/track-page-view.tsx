'use client';

import { useTracking } from '@coursepack/tracker/react';
import { useEffect } from 'react';
import { useBaseTrackingConfig } from './tracking-context';

/**
 * Records one `page` / `view` event when a page is shown, with the course and
 * document it is about. UTM and referral data are captured by the tracker on landing.
 */
export function TrackPageView({ courseId, docId }: { courseId?: number; docId?: number }) {
  const tracking = useTracking({ ...useBaseTrackingConfig(), course_id: courseId, doc_id: docId });
  useEffect(() => {
    // React's development double-invocation must not count two views.
    void tracking.trackAction(
      {
        type: 'page',
        name: 'page',
        action: 'view',
        action_meta: { path: window.location.pathname },
      },
      { oncePerSeconds: 1 },
    );
  }, [tracking]);
  return null;
}
