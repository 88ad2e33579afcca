import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../schema';
import {
  aggregateActionHours,
  aggregatePageHours,
  aggregateSessionHours,
  classifyEvents,
} from './aggregate-events';

export interface RollupRefresh {
  /** `full` the first time (or from `rebuildAnalyticsRollups`), else `incremental`. */
  kind: 'full' | 'incremental';
  /** Events stored since the previous refresh (full: every event). */
  newEvents: number;
  /** Session-days recomputed (full: every one). */
  sessionDays: number;
  /** Events with `stored_at` before this moment are now in the rollups. */
  processedUntil: Date;
  milliseconds: number;
}

// Every web process refreshes before answering a dashboard query: one at a time, the others
// wait and then find (almost) nothing new.
const LOCK_KEY = sql`hashtext('coursepack.analytics_refresh')`;

/**
 * The longest a still-open transaction can hold the watermark back. The collector's writes
 * time out after seconds, so an older open transaction is not one of its group commits (it is a
 * backup, a forgotten psql…) and must not freeze the dashboard.
 */
const MAX_WATERMARK_LAG = sql`interval '10 minutes'`;

/**
 * Brings the rollup tables up to date with `events`. Incremental, idempotent and safe to call
 * from several processes at once (a transaction-scoped advisory lock serialises them); cheap when
 * little is new, so the web app calls it before dashboard and stats queries.
 *
 * Which events are new: the collector's `stored_at` is `now()` of its group-commit transaction,
 * i.e. when the transaction *started*, and it becomes visible only at commit — so a watermark on
 * `max(stored_at)` would skip rows of a transaction that started earlier and committed later. The
 * watermark is therefore the start of the oldest transaction still open (from
 * `pg_stat_activity`), or now: every event stored before it is committed. Each refresh takes the
 * events stored in [previous watermark, new watermark), finds their (session, UTC day) pairs,
 * and recomputes those session-days from all their events. Recomputing whole session-days is
 * what makes late and out-of-order events (a ping whose neighbour arrived in an earlier refresh,
 * a retried send from an hour ago) give exactly the answer of a full recompute.
 *
 * The web's database role must see the collector's sessions in `pg_stat_activity` (the same
 * role, or `pg_read_all_stats`); otherwise only MAX_WATERMARK_LAG protects open transactions.
 */
export async function refreshAnalyticsRollups(db: Kysely<Database>): Promise<RollupRefresh> {
  return refresh(db, false);
}

/**
 * Recomputes every rollup from all events (operations, the benchmark, tests). TRUNCATE blocks
 * dashboard reads until it commits.
 */
export async function rebuildAnalyticsRollups(db: Kysely<Database>): Promise<RollupRefresh> {
  return refresh(db, true);
}

async function refresh(db: Kysely<Database>, rebuild: boolean): Promise<RollupRefresh> {
  const started = performance.now();
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    const watermark = await sql<{ until: Date }>`
      SELECT greatest(
        least(now(), min(xact_start) FILTER (
          WHERE pid <> pg_backend_pid() AND datname = current_database())),
        now() - ${MAX_WATERMARK_LAG}) AS until
      FROM pg_stat_activity`.execute(trx);
    const until = watermark.rows[0]?.until ?? new Date();
    const state = await trx
      .selectFrom('analytics_refresh_state')
      .select('processed_until')
      .executeTakeFirst();

    const counts =
      rebuild || !state
        ? await recomputeAll(trx)
        : await recomputeSince(trx, state.processed_until, until);
    await sql`
      INSERT INTO analytics_refresh_state (id, processed_until, refreshed_at)
      VALUES (true, ${until}, now())
      ON CONFLICT (id) DO UPDATE SET
        processed_until = greatest(analytics_refresh_state.processed_until, excluded.processed_until),
        refreshed_at = excluded.refreshed_at`.execute(trx);
    return {
      kind: rebuild || !state ? 'full' : 'incremental',
      ...counts,
      processedUntil: until,
      milliseconds: performance.now() - started,
    } satisfies RollupRefresh;
  });
}

// Events stored after the watermark are read too (they are committed); the next refresh
// recomputes their session-days once more, which changes nothing.
async function recomputeAll(trx: Transaction<Database>) {
  await sql`TRUNCATE analytics_session_hours, analytics_session_pages, analytics_page_hours,
    analytics_action_hours`.execute(trx);
  const result = await insertRollups(trx, sql`events`);
  const sessionDays = await sql<{ n: number }>`
    SELECT count(*) AS n FROM (
      SELECT DISTINCT session_id, date_trunc('day', hour, 'UTC') FROM analytics_session_hours) AS d`.execute(
    trx,
  );
  return { newEvents: result, sessionDays: sessionDays.rows[0]?.n ?? 0 };
}

async function recomputeSince(trx: Transaction<Database>, since: Date, until: Date) {
  await sql`
    CREATE TEMPORARY TABLE analytics_affected ON COMMIT DROP AS
    SELECT session_id, date_trunc('day', received_at, 'UTC') AS day, count(*)::integer AS events
    FROM events
    WHERE stored_at >= ${since} AND stored_at < ${until}
    GROUP BY 1, 2`.execute(trx);
  const affected = await sql<{ days: number; events: number | null }>`
    SELECT count(*) AS days, sum(events) AS events FROM analytics_affected`.execute(trx);
  const sessionDays = affected.rows[0]?.days ?? 0;
  const newEvents = affected.rows[0]?.events ?? 0;
  if (sessionDays > 0) {
    await sql`ANALYZE analytics_affected`.execute(trx);
    // Take what these session-days contributed out of the per-page totals; insertRollups adds
    // their new contribution back.
    await sql`
      INSERT INTO analytics_page_hours (hour, course_id, doc_id, is_bot, page, pings, active_ms)
      SELECT p.hour, p.course_id, p.doc_id, p.is_bot, p.page, -sum(p.pings), -sum(p.active_ms)
      FROM analytics_session_pages AS p JOIN analytics_affected AS a
        ON p.session_id = a.session_id
       AND p.hour >= a.day AND p.hour < a.day + interval '24 hours'
      GROUP BY p.hour, p.course_id, p.doc_id, p.is_bot, p.page
      ON CONFLICT (doc_id, hour, page, is_bot, course_id) DO UPDATE SET
        pings = analytics_page_hours.pings + excluded.pings,
        active_ms = analytics_page_hours.active_ms + excluded.active_ms`.execute(trx);
    for (const table of [
      'analytics_session_hours',
      'analytics_session_pages',
      'analytics_action_hours',
    ]) {
      await sql`
        DELETE FROM ${sql.table(table)} AS r USING analytics_affected AS a
        WHERE r.session_id = a.session_id
          AND r.hour >= a.day AND r.hour < a.day + interval '24 hours'`.execute(trx);
    }
    await insertRollups(
      trx,
      sql`(SELECT e.* FROM events AS e JOIN analytics_affected AS a
             ON e.session_id = a.session_id
            AND e.received_at >= a.day AND e.received_at < a.day + interval '24 hours')`,
    );
  }
  await sql`DROP TABLE analytics_affected`.execute(trx);
  return { newEvents, sessionDays };
}

/**
 * One statement writes every table, so the window over presence pings is computed once.
 * Returns the number of events read.
 */
async function insertRollups(trx: Transaction<Database>, picked: RawBuilder<unknown>) {
  const result = await sql<{ events: number | null }>`
    WITH classified AS MATERIALIZED (${classifyEvents(picked)}),
    sessions AS (
      INSERT INTO analytics_session_hours (hour, session_id, course_id, doc_id, is_bot,
        utm_source, utm_medium, utm_campaign, referrer_host, browser, os, device,
        events, views, active_ms, max_depth, last_page, last_page_at)
      ${aggregateSessionHours(sql`classified`)}
      RETURNING events
    ),
    pages AS (
      INSERT INTO analytics_session_pages
        (hour, session_id, course_id, doc_id, is_bot, page, pings, active_ms)
      ${aggregatePageHours(sql`classified`)}
      RETURNING hour, course_id, doc_id, is_bot, page, pings, active_ms
    ),
    page_totals AS (
      INSERT INTO analytics_page_hours (hour, course_id, doc_id, is_bot, page, pings, active_ms)
      SELECT hour, course_id, doc_id, is_bot, page, sum(pings), sum(active_ms)
      FROM pages
      GROUP BY hour, course_id, doc_id, is_bot, page
      ON CONFLICT (doc_id, hour, page, is_bot, course_id) DO UPDATE SET
        pings = analytics_page_hours.pings + excluded.pings,
        active_ms = analytics_page_hours.active_ms + excluded.active_ms
    ),
    actions AS (
      INSERT INTO analytics_action_hours
        (hour, session_id, course_id, doc_id, is_bot, type, name, action, events)
      ${aggregateActionHours(sql`classified`)}
    )
    SELECT sum(events) AS events FROM sessions`.execute(trx);
  return result.rows[0]?.events ?? 0;
}
