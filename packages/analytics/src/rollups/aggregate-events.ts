import { type RawBuilder, sql } from 'kysely';
import { columnList, ROLLUPS, SESSION_SET_COLUMNS } from '../rollup-columns';

/**
 * How raw `events` become analytics rows: one SQL definition, used by the rollup refresh (which
 * stores the rows) and by the raw-events row source of `@coursepack/analytics/testing` (which
 * computes the same rows on the fly: the tests' oracle and the benchmark's baseline). The columns
 * are those of rollup-columns.ts. docs/stats-api.md, "Metrics".
 *
 * What the tracker sends (packages/tracker, apps/web/src/tracking):
 * - page views: `type 'page'`, `action 'view'`;
 * - scroll depth: `type 'scroll'`, `action 'scroll_25' | 'scroll_50' | 'scroll_75' | 'scroll_100'`
 *   (and `scroll_up_*`, which never lower the furthest depth);
 * - presence: `type 'status'`, `action 'active' | 'inactive'`, with `action_meta.page` = the page
 *   in view on the document reader;
 * - anything else is an action (downloads, bookmarks, searches…), counted by (type, name, action).
 */

/** The tracker's default presence interval: what one `active` ping is worth at most. */
export const PRESENCE_INTERVAL_MS = 5000;

/**
 * Events grouped by session, document and UTC day, as the refresh recomputes them: a day is the
 * unit in which a ping's successor is looked for, so a read across midnight UTC is split there
 * (costing at most one interval of accuracy).
 */
const DAY = sql`date_trunc('day', received_at, 'UTC')`;

/**
 * Classifies each picked event and credits each `active` ping with the time until the next
 * presence ping of the same session and document — capped at the interval, so a tab left open
 * after its last ping, or closed, earns one interval, and two tabs of one document pinging in
 * turn earn wall-clock time rather than double. `picked` must be a relation with the columns of
 * `events`.
 */
export function classifyEvents(picked: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    SELECT
      date_trunc('hour', received_at, 'UTC') AS hour,
      session_id, course_id, doc_id, is_bot,
      utm_source, utm_medium, utm_campaign,
      nullif(lower(regexp_replace(
        substring(referrer from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#:]+)'),
        '^www\\.', '')), '') AS referrer_host,
      browser, os, device,
      event_id, received_at, stored_at, type, name, action,
      (type = 'page' AND action = 'view') AS is_view,
      (type IN ('scroll', 'status') OR (type = 'page' AND action = 'view')) AS is_tracking,
      CASE WHEN type = 'scroll' THEN
        CASE action WHEN 'scroll_25' THEN 25 WHEN 'scroll_50' THEN 50
          WHEN 'scroll_75' THEN 75 WHEN 'scroll_100' THEN 100 END
      END AS depth,
      CASE WHEN type = 'status' AND action = 'active' THEN
        least(
          coalesce(
            (extract(epoch FROM lead(received_at) OVER presence - received_at) * 1000)::bigint,
            ${PRESENCE_INTERVAL_MS}),
          ${PRESENCE_INTERVAL_MS})
      END AS active_ms,
      CASE WHEN type = 'status' AND action IN ('active', 'inactive')
        AND jsonb_typeof(action_meta -> 'page') = 'number'
        AND action_meta ->> 'page' ~ '^[0-9]{1,9}$'
        THEN (action_meta ->> 'page')::integer
      END AS page
    FROM ${picked} AS picked
    WINDOW presence AS (
      PARTITION BY session_id, doc_id, ${DAY}, (type = 'status' AND action IN ('active', 'inactive'))
      ORDER BY received_at, event_id
    )`;
}

/** Rows of `analytics_session_hours` from classified events. */
export function aggregateSessionHours(classified: RawBuilder<unknown>): RawBuilder<unknown> {
  const keys = columnList(ROLLUPS.sessions.keys);
  return sql`
    SELECT
      hour, session_id, ${keys},
      count(*)::integer AS events,
      (count(*) FILTER (WHERE is_view))::integer AS views,
      coalesce(sum(active_ms), 0)::bigint AS active_ms,
      coalesce(max(depth), 0)::smallint AS max_depth,
      -- The page in view last; of two pings at one instant, the higher page (as the refresh's
      -- merges decide, so that adding events in any order gives the same row).
      (array_agg(page ORDER BY received_at DESC, page DESC)
        FILTER (WHERE page IS NOT NULL))[1] AS last_page,
      max(received_at) FILTER (WHERE page IS NOT NULL) AS last_page_at
    FROM ${classified} AS classified
    GROUP BY hour, session_id, ${keys}`;
}

/** Rows of `analytics_page_hours`: active pings per page in view of a document. */
export function aggregatePageHours(classified: RawBuilder<unknown>): RawBuilder<unknown> {
  const keys = columnList(ROLLUPS.pages.keys);
  return sql`
    SELECT hour, session_id, ${keys},
      count(*)::integer AS pings,
      sum(active_ms)::bigint AS active_ms
    FROM ${classified} AS classified
    WHERE active_ms IS NOT NULL AND page IS NOT NULL AND doc_id IS NOT NULL
    GROUP BY hour, session_id, ${keys}`;
}

/** Rows of `analytics_action_hours`: every event that is not a page view, scroll or presence. */
export function aggregateActionHours(classified: RawBuilder<unknown>): RawBuilder<unknown> {
  const keys = columnList(ROLLUPS.actions.keys);
  return sql`
    SELECT hour, session_id, ${keys},
      count(*)::integer AS events
    FROM ${classified} AS classified
    WHERE NOT is_tracking
    GROUP BY hour, session_id, ${keys}`;
}

/**
 * Who visited, per UTC day: `analytics_session_sets` (migration 0005). The dashboard's slowest
 * figures are distinct counts — sessions, reads (session × document), reads reaching a depth,
 * sessions per course, per traffic source, per action — over a month of a whole site or a
 * course: hundreds of thousands of rows to hash. Kept instead as one sorted array of session
 * keys per day and counted thing, the count over a range is the size of the union of a few
 * dozen arrays (`icount(analytics_int_union(sessions))`, intarray), exact and in C.
 *
 * Scopes: `site` and `course:<id>` (a document's rows are few enough to count directly).
 * Dimensions, each with its `value`:
 * - `sessions` (value ''): everyone, with the additive views, active time and events;
 * - `document` (the document id): its readers; `depth` (`<doc id>:<level>`): its readers whose
 *   furthest scroll that day reached the level (25, 50, 75, 100) — a read reaches a level in a
 *   range iff it did on one of its days, so the union is exact;
 * - `utm_source`, `utm_medium`, `utm_campaign`, `referrer_host`, `browser`, `os`, `device`
 *   (null: none), and `action` (a JSON array `[type, name, action]`, with `events`): a course's
 *   dashboard shows these breakdowns as the site's does, and counted from its rows they were
 *   most of its time (0.4 s each for sources and devices at 10M events, where the sets take 0.05);
 *   the breakdowns of where visitors came from and on what count sessions and views only, so
 *   those sets keep no events or active time (migration 0018);
 * - site only: `course` (the course id).
 *
 * Returns the (day, scope, dimension, value, session_key, is_bot, events, views, active_ms)
 * entries of session rows (`day`, `session_key`, and the columns of `analytics_session_days`)
 * and of action rows (those of `analytics_action_days`). `settled`, a condition on a session row
 * `r`, says its session is in the sets of the row's every value already (the refresh's changes
 * to day rows that were there before): such a row still adds its sums, and a depth it reached,
 * but to where visitors came from and on what only new views (a ping adds none, and most of a
 * refresh's rows are pings of reads under way).
 */
export function expandSessionSets(
  sessionRows: RawBuilder<unknown>,
  actionRows: RawBuilder<unknown>,
  settled: RawBuilder<unknown> = sql`false`,
): RawBuilder<unknown> {
  const visitorColumns = sql.join(
    SESSION_SET_COLUMNS.flatMap((column) => [
      sql`('site', ${sql.lit(column)}, r.${sql.ref(column)})`,
      sql`('course:' || r.course_id, ${sql.lit(column)}, r.${sql.ref(column)})`,
    ]),
  );
  // Each row of `r` once per scope it counts in, as `s.scope` (null without a course).
  const inSetScopes = sql`CROSS JOIN LATERAL (VALUES ('site'), ('course:' || r.course_id)) AS s(scope)`;
  return sql`
    SELECT r.day, k.scope, k.dimension, k.value, r.session_key, r.is_bot,
      r.events::bigint AS events, r.views::bigint AS views, r.active_ms::bigint AS active_ms
    FROM ${sessionRows} AS r
    CROSS JOIN LATERAL (VALUES
      ('site', 'sessions', ''),
      ('course:' || r.course_id, 'sessions', ''),
      ('site', 'course', r.course_id::text),
      ('site', 'document', r.doc_id::text),
      ('course:' || r.course_id, 'document', r.doc_id::text)
    ) AS k(scope, dimension, value)
    WHERE k.scope IS NOT NULL AND k.value IS NOT NULL
    UNION ALL
    SELECT r.day, k.scope, k.dimension, k.value, r.session_key, r.is_bot,
      0::bigint, r.views::bigint, 0::bigint
    FROM ${sessionRows} AS r
    CROSS JOIN LATERAL (VALUES ${visitorColumns}) AS k(scope, dimension, value)
    WHERE k.scope IS NOT NULL AND (r.views > 0 OR NOT (${settled}))
    UNION ALL
    SELECT r.day, s.scope, 'depth', r.doc_id || ':' || l.level, r.session_key, r.is_bot,
      0::bigint, 0::bigint, 0::bigint
    FROM ${sessionRows} AS r
    CROSS JOIN (VALUES (25), (50), (75), (100)) AS l(level)
    ${inSetScopes}
    WHERE r.doc_id IS NOT NULL AND r.max_depth >= l.level AND s.scope IS NOT NULL
    UNION ALL
    SELECT r.day, s.scope, 'action', jsonb_build_array(r.type, r.name, r.action)::text,
      r.session_key, r.is_bot, r.events::bigint, 0::bigint, 0::bigint
    FROM ${actionRows} AS r
    ${inSetScopes}
    WHERE s.scope IS NOT NULL`;
}

/**
 * Entries (from `expandSessionSets`) grouped into rows of `analytics_session_sets`. An entry
 * without a session key adds to the sums only (the refresh's corrections). The arrays are sorted
 * and deduplicated by intarray in C rather than by `array_agg(DISTINCT …)`, which sorts every
 * entry by its text keys first: most of the cost of a day's sets.
 */
export function aggregateSessionSets(entries: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    SELECT day, scope, dimension, value,
      coalesce(uniq(sort(array_agg(session_key)
        FILTER (WHERE NOT is_bot AND session_key IS NOT NULL))), '{}') AS sessions,
      coalesce(uniq(sort(array_agg(session_key)
        FILTER (WHERE is_bot AND session_key IS NOT NULL))), '{}') AS bot_sessions,
      coalesce(sum(events) FILTER (WHERE NOT is_bot), 0) AS events,
      coalesce(sum(views) FILTER (WHERE NOT is_bot), 0) AS views,
      coalesce(sum(active_ms) FILTER (WHERE NOT is_bot), 0) AS active_ms,
      coalesce(sum(events) FILTER (WHERE is_bot), 0) AS bot_events,
      coalesce(sum(views) FILTER (WHERE is_bot), 0) AS bot_views,
      coalesce(sum(active_ms) FILTER (WHERE is_bot), 0) AS bot_active_ms
    FROM (${entries}) AS entries
    GROUP BY day, scope, dimension, value`;
}

/**
 * Where each read (a session on a document) stands in session rows `rows`: its row with the
 * latest page, ties on the moment going to the later page as the refresh's merge breaks them.
 * `columns` are those selected from it.
 */
export function latestPageOfEachRead(
  rows: RawBuilder<unknown>,
  columns: RawBuilder<unknown>,
): RawBuilder<unknown> {
  return sql`
    SELECT DISTINCT ON (session_key, doc_id) ${columns}
    FROM ${rows} AS r
    WHERE doc_id IS NOT NULL AND last_page IS NOT NULL AND last_page_at IS NOT NULL
    ORDER BY session_key, doc_id, last_page_at DESC, last_page DESC`;
}
