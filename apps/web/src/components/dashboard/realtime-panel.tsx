'use client';

import type { RealtimeSessions } from '@coursepack/analytics/queries/get-realtime-sessions';
import Link from 'next/link';
import { use, useEffect, useState } from 'react';
import { realtimeContract } from '@/app/api/stats/realtime/contract';
import { dashboardDocumentPath } from '@/dashboard/dashboard-query';
import { formatCount, pluralize } from '@/format/format-numbers';
import { callRoute } from '@/http/client';
import type { QueryInput } from '@/http/contract';

/** What the panel asks /api/stats/realtime for: a course, a document or the overview. */
export type RealtimeQuery = QueryInput<typeof realtimeContract>;

const REFRESH_MS = 10_000;

/**
 * Who is reading right now (sessions of the last five minutes), refreshed every ten seconds
 * by `query` while the tab is visible; the server's figures (streamed with the page, null when
 * they could not be read) are shown first.
 */
export function RealtimePanel({
  initial,
  query,
  showDocuments,
}: {
  initial: Promise<RealtimeSessions | null>;
  query: RealtimeQuery;
  showDocuments: boolean;
}) {
  const first = use(initial);
  const [realtime, setRealtime] = useState(first);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    async function refresh() {
      if (document.visibilityState === 'hidden') return;
      const answer = await callRoute(realtimeContract, { query, cache: 'no-store' });
      if (cancelled) return;
      if (answer.ok) setRealtime(answer.data);
      setFailed(!answer.ok);
    }
    const timer = window.setInterval(refresh, REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [query]);

  if (realtime === null) {
    return (
      <p className="text-sm text-amber-700">
        Could not read who is here right now; trying again every 10 seconds.
      </p>
    );
  }
  return (
    <div>
      <div className="flex items-baseline gap-3">
        <span className="relative flex h-2.5 w-2.5 self-center" aria-hidden="true">
          {realtime.sessions > 0 ? (
            <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-emerald-400 opacity-75 motion-reduce:animate-none" />
          ) : null}
          <span
            className={`relative inline-flex h-2.5 w-2.5 rounded-full ${
              realtime.sessions > 0 ? 'bg-emerald-500' : 'bg-slate-300'
            }`}
          />
        </span>
        {/* One sentence ("2 visitors in the last 5 minutes"), not a heading and a paragraph. */}
        <p className="contents">
          <span className="text-4xl font-semibold tabular-nums tracking-tight">
            {formatCount(realtime.sessions)}
          </span>{' '}
          <span className="text-sm text-slate-600">
            {realtime.sessions === 1 ? 'visitor' : 'visitors'} in the last 5 minutes
          </span>
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {pluralize(realtime.views, 'page view')}
        {failed ? <span className="ml-2 text-amber-700">· could not refresh, retrying</span> : null}
      </p>
      {showDocuments ? (
        realtime.documents.length === 0 ? (
          <p className="mt-4 text-sm text-slate-500">Nobody is reading a document right now.</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100 text-sm" aria-label="Being read now">
            {realtime.documents.map((reading) => (
              <li key={reading.documentId} className="flex items-center justify-between gap-3 py-2">
                <Link
                  href={dashboardDocumentPath({ id: reading.documentId })}
                  className="min-w-0 truncate text-brand-700 hover:underline"
                >
                  {reading.title}
                </Link>
                <span className="shrink-0 tabular-nums text-slate-700">
                  {pluralize(reading.sessions, 'reader')}
                </span>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

/** What the panel shows while the page streams its figures in. */
export function RealtimePanelPlaceholder() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading who is reading right now"
      className="animate-pulse"
    >
      <div className="h-10 w-32 rounded bg-slate-100" />
      <div className="mt-2 h-4 w-24 rounded bg-slate-100" />
    </div>
  );
}
