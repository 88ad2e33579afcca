import { type Kysely, sql } from 'kysely';

/**
 * The breakdowns a course's visitor sets take on, as the site's have them: `SESSION_SET_COLUMNS`
 * (`@coursepack/analytics/rollup-columns`) as it stands here, copied because a migration must
 * keep doing what it did when that list changes.
 */
const BREAKDOWN_COLUMNS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'referrer_host',
  'browser',
  'os',
  'device',
];
const BREAKDOWN_DIMENSIONS = [...BREAKDOWN_COLUMNS, 'action'];

/**
 * A course's visitor sets (`analytics_session_sets`, `analytics_session_set_weeks`, scope
 * `course:<id>`) also hold the breakdowns the site's have: traffic sources, devices, browsers,
 * operating systems and actions (issue 12). A course's dashboard counted those from its rows:
 * at 10M events, 0.4 s each for sources and devices, most of the page's time.
 *
 * The new sets are filled from the day rollups as a rebuild writes them (one row per set,
 * members unioned), under the refresh's advisory lock so that no refresh runs in between:
 * reading dashboards are not held up, where forgetting the watermark (a full rebuild in one
 * transaction) would hold them for minutes on a large site.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('coursepack.analytics_refresh'))`.execute(db);
  const breakdowns = sql.join(
    BREAKDOWN_COLUMNS.map((column) => sql`(${sql.lit(column)}, r.${sql.ref(column)})`),
  );
  await sql`
    INSERT INTO analytics_session_sets (day, scope, dimension, value, sessions, bot_sessions,
      events, views, active_ms, bot_events, bot_views, bot_active_ms)
    SELECT day, scope, dimension, value,
      coalesce(uniq(sort(array_agg(session_key) FILTER (WHERE NOT is_bot))), '{}'),
      coalesce(uniq(sort(array_agg(session_key) FILTER (WHERE is_bot))), '{}'),
      coalesce(sum(events) FILTER (WHERE NOT is_bot), 0),
      coalesce(sum(views) FILTER (WHERE NOT is_bot), 0),
      coalesce(sum(active_ms) FILTER (WHERE NOT is_bot), 0),
      coalesce(sum(events) FILTER (WHERE is_bot), 0),
      coalesce(sum(views) FILTER (WHERE is_bot), 0),
      coalesce(sum(active_ms) FILTER (WHERE is_bot), 0)
    FROM (
      SELECT r.day, 'course:' || r.course_id AS scope, k.dimension, k.value, r.session_key,
        r.is_bot, r.events::bigint AS events, r.views::bigint AS views,
        r.active_ms::bigint AS active_ms
      FROM analytics_session_days AS r
      CROSS JOIN LATERAL (VALUES ${breakdowns}) AS k(dimension, value)
      WHERE r.course_id IS NOT NULL
      UNION ALL
      SELECT r.day, 'course:' || r.course_id, 'action',
        jsonb_build_array(r.type, r.name, r.action)::text, r.session_key, r.is_bot,
        r.events::bigint, 0::bigint, 0::bigint
      FROM analytics_action_days AS r
      WHERE r.course_id IS NOT NULL
    ) AS entries
    GROUP BY day, scope, dimension, value`.execute(db);
  await sql`
    INSERT INTO analytics_session_set_weeks (day, scope, dimension, value, sessions,
      bot_sessions, events, views, active_ms, bot_events, bot_views, bot_active_ms)
    SELECT date_trunc('week', r.day::timestamp)::date, scope, dimension, value,
      analytics_int_union(sessions), analytics_int_union(bot_sessions), sum(events), sum(views),
      sum(active_ms), sum(bot_events), sum(bot_views), sum(bot_active_ms)
    FROM analytics_session_sets AS r
    WHERE scope LIKE 'course:%' AND dimension IN (${sql.join(BREAKDOWN_DIMENSIONS)})
    GROUP BY 1, scope, dimension, value`.execute(db);
}

/** The older code reads a course's breakdowns from its rows and never writes these sets. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('coursepack.analytics_refresh'))`.execute(db);
  for (const table of ['analytics_session_sets', 'analytics_session_set_weeks']) {
    await sql`
      DELETE FROM ${sql.table(table)}
      WHERE scope LIKE 'course:%' AND dimension IN (${sql.join(BREAKDOWN_DIMENSIONS)})`.execute(db);
  }
}
