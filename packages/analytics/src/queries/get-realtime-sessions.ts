import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import {
  type AnalyticsOptions,
  type AnalyticsScope,
  botCondition,
  scopeCondition,
} from '../analytics-scope';

/** "Right now" on the dashboard. */
export const REALTIME_WINDOW_MINUTES = 5;

export interface RealtimeDocument {
  documentId: number;
  title: string;
  sessions: number;
}

export interface RealtimeSessions {
  /** Distinct sessions with any event in the last five minutes. */
  sessions: number;
  views: number;
  /** Distinct sessions per document being read, most first (at most 10); existing documents only. */
  documents: RealtimeDocument[];
}

/**
 * Sessions active in the last five minutes, read from raw events (the rollups lag behind by
 * design): an index range on `received_at` (BRIN) or on the scope's document or course. Under
 * load that is every event of those minutes (300,000 at 1,000 events/s), so they are first
 * folded into one row per session and document (hashed, a few thousand) and counted from there.
 */
export async function getRealtimeSessions(
  db: Kysely<Database>,
  scope: AnalyticsScope,
  options: Omit<AnalyticsOptions, 'source'> & { now?: Date } = {},
): Promise<RealtimeSessions> {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - REALTIME_WINDOW_MINUTES * 60 * 1000);
  const result = await sql<{
    sessions: number;
    views: number;
    documents: RealtimeDocument[] | null;
  }>`
    WITH recent AS MATERIALIZED (
      SELECT session_id, doc_id,
        count(*) FILTER (WHERE type = 'page' AND action = 'view') AS views
      FROM events
      WHERE received_at >= ${since} AND received_at <= ${now}
        AND ${scopeCondition(scope)} AND ${botCondition(options)}
      GROUP BY session_id, doc_id
    ),
    reading AS (
      SELECT recent.doc_id AS "documentId", d.title, count(*)::integer AS sessions
      -- Events outlive their document: a deleted one (or an id no document ever had) is not
      -- being read, though its visitors were here and are counted above.
      FROM recent JOIN documents AS d ON d.id = recent.doc_id
      GROUP BY recent.doc_id, d.title
      ORDER BY sessions DESC, recent.doc_id
      LIMIT 10
    )
    SELECT
      (SELECT count(DISTINCT session_id) FROM recent) AS sessions,
      (SELECT coalesce(sum(views), 0)::integer FROM recent) AS views,
      (SELECT json_agg(reading ORDER BY sessions DESC, "documentId") FROM reading) AS documents`.execute(
    db,
  );
  const row = result.rows[0];
  return {
    sessions: row?.sessions ?? 0,
    views: row?.views ?? 0,
    documents: row?.documents ?? [],
  };
}
