'use client';

import { useEffect, useState } from 'react';
import { describeFreshness } from '@/dashboard/describe-freshness';

// The age is in seconds at first; a coarser tick would leave "3 s ago" standing for too long.
const TICK_MS = 5_000;

/**
 * "Updated 3 s ago": how old the dashboard's figures are (the rollups the worker last computed),
 * ageing as the page stays open. The first render uses the server's clock, so the browser's
 * first render writes the same text; not a live region, so a screen reader is not interrupted
 * every few seconds.
 */
export function RollupsFreshness({
  processedUntil,
  renderedAt,
}: {
  /** ISO 8601, or null before the first refresh. */
  processedUntil: string | null;
  /** The server's clock when it rendered the page, ISO 8601. */
  renderedAt: string;
}) {
  const [now, setNow] = useState(() => new Date(renderedAt));

  useEffect(() => {
    if (processedUntil === null) return;
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [processedUntil]);

  const freshness = describeFreshness(processedUntil ? new Date(processedUntil) : null, now);
  return (
    <p className="mt-2 text-xs text-slate-500">
      {freshness.iso ? (
        <>
          <time dateTime={freshness.iso} title={freshness.title}>
            {freshness.label}
          </time>
          {/* A title is out of reach of keyboards and most screen readers: say it here too. */}
          <span className="sr-only">. {freshness.title}.</span>
        </>
      ) : (
        <span title={freshness.title}>{freshness.label}</span>
      )}
    </p>
  );
}
