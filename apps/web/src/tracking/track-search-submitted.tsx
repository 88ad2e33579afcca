'use client';

import { useEffect } from 'react';
import { useTrackProductAction } from './use-track-product-action';

/**
 * Records `search / submit` when a results page for a new query is shown, however the search
 * was submitted (header box, search page, a shared link, without JavaScript). Only counts go to
 * the collector, never the words searched for: queries can name people.
 */
export function TrackSearchSubmitted({
  results,
  filtered,
}: {
  results: number;
  filtered: boolean;
}) {
  const track = useTrackProductAction();
  useEffect(() => {
    void track('searchSubmitted', { meta: { results, filtered } });
  }, [track, results, filtered]);
  return null;
}
