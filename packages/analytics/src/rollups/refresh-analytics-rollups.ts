import type { Database } from '@coursepack/db/schema';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { columnList, ROLLUPS, type RollupKind, utcDayOf } from '../rollup-columns';
import {
  aggregateActionHours,
  aggregatePageHours,
  aggregateSessionHours,
  aggregateSessionSets,
  classifyEvents,
  expandSessionSets,
  latestPageOfEachRead,
  PRESENCE_INTERVAL_MS,
} from './aggregate-events';

export interface RollupRefresh {
  /** `full` the first time (or from `rebuildAnalyticsRollups`), else `incremental`. */
  kind: 'full' | 'incremental';
  /** Events stored since the previous refresh (full: every event). */
  newEvents: number;
  /** Session-days the new events fall in (full: every one). */
  sessionDays: number;
  /**
   * Events read to do it: the new ones and the stored pings next to them (full: every event).
   * What a refresh costs; it does not grow with how long the sessions have been reading.
   */
  eventsRead: number;
  /** Events with `stored_at` before this moment are now in the rollups. */
  processedUntil: Date;
  milliseconds: number;
}

// Workers refresh on a schedule (pg-boss's stately queue already keeps it to one at a time);
// the lock also serialises a rebuild run by hand, and whoever waited then finds little new.
const LOCK_KEY = sql`hashtext('coursepack.analytics_refresh')`;

/**
 * The longest a still-open transaction can hold the watermark back. The collector's writes
 * time out after seconds, so an older open transaction is not one of its group commits (it is a
 * backup, a forgotten psql…) and must not freeze the dashboard.
 */
const MAX_WATERMARK_LAG = sql`interval '10 minutes'`;

/** The UTC day of an hourly rollup row's `hour`. */
const UTC_DAY = utcDayOf(sql`hour`);

/**
 * Brings the rollup tables up to date with `events`. Incremental, idempotent and safe to call
 * from several processes at once (a transaction-scoped advisory lock serialises them); its cost
 * follows what is new, not what is stored, so the worker runs it every few seconds.
 *
 * Which events are new: the collector's `stored_at` is `now()` of its group-commit transaction,
 * i.e. when the transaction *started*, and it becomes visible only at commit — so a watermark on
 * `max(stored_at)` would skip rows of a transaction that started earlier and committed later. The
 * watermark is therefore the start of the oldest transaction still open (from
 * `pg_stat_activity`), or now: every event stored before it is committed. Each refresh takes the
 * events stored in [previous watermark, new watermark) and adds them to the hourly rows as they
 * are (`recomputeSince`), then redoes their session-days' day rows and visitor sets. Late and
 * out-of-order events (a ping whose neighbour arrived in an earlier refresh, a retried send from
 * an hour ago) end exactly as a full recompute would write them: the rollups' tests compare both.
 * An event of a transaction left open longer than MAX_WATERMARK_LAG is missed until a rebuild.
 *
 * Only client backends count: autovacuum and analyze workers (which run right after big writes)
 * never insert events, and counting their transactions held new events back for minutes.
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
  await summarizeNewEventRanges(db);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    // A refresh sorts its events several times (presence windows, groupings): in memory, not
    // in temporary files. One refresh runs at a time, so this much is taken at most once.
    await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
    const watermark = await sql<{ until: Date }>`
      SELECT greatest(
        least(now(), min(xact_start) FILTER (
          WHERE pid <> pg_backend_pid() AND datname = current_database()
            AND backend_type = 'client backend')),
        now() - ${MAX_WATERMARK_LAG}) AS until
      FROM pg_stat_activity`.execute(trx);
    const state = await trx
      .selectFrom('analytics_refresh_state')
      .select('processed_until')
      .executeTakeFirst();
    const full = rebuild || !state;
    // The rollups hold exactly the events stored before `processed_until`: it never goes back
    // unless everything is recomputed.
    let until = watermark.rows[0]?.until ?? new Date();
    if (!full && until < state.processed_until) until = state.processed_until;

    const counts = full
      ? await recomputeAll(trx, until)
      : await recomputeSince(trx, state.processed_until, until);
    await sql`
      INSERT INTO analytics_refresh_state (id, processed_until, refreshed_at)
      VALUES (true, ${until}, now())
      ON CONFLICT (id) DO UPDATE SET
        processed_until = excluded.processed_until, refreshed_at = excluded.refreshed_at`.execute(
      trx,
    );
    return {
      kind: full ? 'full' : 'incremental',
      ...counts,
      processedUntil: until,
      milliseconds: performance.now() - started,
    } satisfies RollupRefresh;
  });
}

/**
 * The events' BRIN indexes (`stored_at`, which finds a refresh's new events; `received_at`, the
 * realtime panel's) know the pages they have summarized, and keep those summaries current as
 * rows are added; pages appended since are unsummarized, and every scan reads them all. Only
 * vacuum summarizes them otherwise, which on an insert-only table of 10M rows comes every 2M
 * inserts: at 1,000 events/s a refresh read 16,000 pages (0.9 s) to find 2,000 new events.
 * Summarizing the new pages costs what reading them once does; it runs outside the refresh's
 * transaction so as not to hold its lock (which vacuum's conflicts with) for the refresh.
 */
async function summarizeNewEventRanges(db: Kysely<Database>) {
  await sql`
    SELECT brin_summarize_new_values(i.inhrelid)
    FROM pg_inherits AS i
    WHERE i.inhparent IN ('events_stored_at_brin_idx'::regclass,
                          'events_received_at_brin_idx'::regclass)`.execute(db);
}

/**
 * Everything from the events stored before `until`; those stored since, though committed, are
 * the next refresh's new events (it adds them to what is here, so none may be here already).
 */
async function recomputeAll(trx: Transaction<Database>, until: Date) {
  await sql`TRUNCATE analytics_session_hours, analytics_session_pages, analytics_page_hours,
    analytics_action_hours, analytics_session_days, analytics_page_days,
    analytics_action_days, analytics_session_sets, analytics_session_set_weeks,
    analytics_read_ends, analytics_read_end_days`.execute(trx);
  await sql`
    INSERT INTO analytics_sessions (session_id) SELECT DISTINCT session_id FROM events
    ON CONFLICT (session_id) DO NOTHING`.execute(trx);
  const result = await insertRollups(
    trx,
    sql`(SELECT * FROM events WHERE stored_at < ${until} OFFSET 0)`,
  );
  await insertDayRollups(trx);
  await advanceReadEnds(trx, sql`analytics_session_days`);
  await insertSessionSets(trx);
  await insertSessionSetWeeks(trx);
  // Statistics now rather than when autovacuum comes by: the set queries' plans depend on them.
  await sql`ANALYZE analytics_session_days, analytics_page_days, analytics_action_days,
    analytics_session_sets, analytics_session_set_weeks, analytics_read_ends,
    analytics_read_end_days`.execute(trx);
  const sessionDays = await sql<{ n: number }>`
    SELECT count(*) AS n FROM (
      SELECT DISTINCT session_id, date_trunc('day', hour, 'UTC') FROM analytics_session_hours) AS d`.execute(
    trx,
  );
  return { newEvents: result, sessionDays: sessionDays.rows[0]?.n ?? 0, eventsRead: result };
}

/**
 * Adds the events stored in [since, until) to the rollups. Every measure of a rollup row adds up
 * (counts and active time) or only grows (deepest scroll, the page in view last), so a new
 * event's contribution merges into the rows as they are: its hour's, its day's, and its visitor
 * sets' (sums add, session arrays take the union). The one exception is a presence ping's
 * credited time, which depends on the next ping: a new ping can shorten the credit of a stored
 * one just before it (at most one interval earlier). So the new events are classified together
 * with the stored presence pings within one interval of a new one, and each of those stored
 * pings whose credit changed adds the difference. The cost follows the new events, not how long
 * their sessions have been reading (a visitor set's array is still read to test membership).
 */
async function recomputeSince(trx: Transaction<Database>, since: Date, until: Date) {
  await sql`
    CREATE TEMPORARY TABLE analytics_new ON COMMIT DROP AS
    SELECT * FROM events WHERE stored_at >= ${since} AND stored_at < ${until}`.execute(trx);
  const affected = await sql<{ days: number; events: number }>`
    SELECT count(DISTINCT (session_id, date_trunc('day', received_at, 'UTC')))::integer AS days,
      count(*)::integer AS events
    FROM analytics_new`.execute(trx);
  const sessionDays = affected.rows[0]?.days ?? 0;
  const newEvents = affected.rows[0]?.events ?? 0;
  let eventsRead = 0;
  if (newEvents > 0) {
    // Statistics for what the plans join and filter the new events on: of every column, they
    // took 13 ms of a refresh of 2,000 events, and 1.5 ms of these.
    await sql`ANALYZE analytics_new (session_id, received_at, type, action)`.execute(trx);
    await sql`
      INSERT INTO analytics_sessions (session_id) SELECT DISTINCT session_id FROM analytics_new
      ON CONFLICT (session_id) DO NOTHING`.execute(trx);
    eventsRead = await classifyNewEvents(trx, since);
    await mergeChanges(trx, until);
  }
  // The temporary tables go with the transaction (ON COMMIT DROP).
  return { newEvents, sessionDays, eventsRead };
}

/**
 * `analytics_classified`: the new events classified (`is_new`), and the stored presence pings
 * within one interval of a new one, each with `credit_change`, the active time it is credited
 * now less what it was credited before the new events. Only those stored pings can have a new
 * ping as their next one, and a new ping's next one, if within the interval, is among them.
 * Stored means processed: `stored_at` before `since`, which every earlier refresh (and the
 * rebuild) took in whole. Returns how many events it read.
 */
async function classifyNewEvents(trx: Transaction<Database>, since: Date): Promise<number> {
  const interval = sql`make_interval(secs => ${PRESENCE_INTERVAL_MS / 1000})`;
  // One index range per new ping (events_session_time_idx); `OFFSET 0` keeps the planner from
  // flattening the lateral subquery into a join it may plan as a scan of every stored event.
  const nearby = sql`
    SELECT DISTINCT ON (e.event_id, e.received_at) e.*
    FROM analytics_new AS n CROSS JOIN LATERAL (
      SELECT * FROM events
      WHERE session_id = n.session_id
        AND received_at BETWEEN n.received_at - ${interval} AND n.received_at + ${interval}
        AND stored_at < ${since} AND type = 'status' AND action IN ('active', 'inactive')
      OFFSET 0) AS e
    WHERE n.type = 'status' AND n.action IN ('active', 'inactive')`;
  await sql`
    CREATE TEMPORARY TABLE analytics_classified ON COMMIT DROP AS
    WITH nearby AS MATERIALIZED (${nearby}),
    now AS MATERIALIZED (${classifyEvents(sql`(SELECT * FROM analytics_new UNION ALL SELECT * FROM nearby)`)}),
    before AS (${classifyEvents(sql`nearby`)})
    SELECT now.*, now.stored_at >= ${since} AS is_new,
      coalesce(now.active_ms, 0) - coalesce(before.active_ms, 0) AS credit_change
    FROM now LEFT JOIN before
      ON before.event_id = now.event_id AND before.received_at = now.received_at`.execute(trx);
  const read = await sql<{ n: number }>`
    SELECT count(*)::integer AS n FROM analytics_classified`.execute(trx);
  return read.rows[0]?.n ?? 0;
}

/** How a session rollup row (hour or day) takes in a change row `c`. */
const ADD_TO_SESSION_ROW = sql`events = r.events + c.events, views = r.views + c.views,
  active_ms = r.active_ms + c.active_ms, max_depth = greatest(r.max_depth, c.max_depth),
  last_page = CASE WHEN c.last_page_at IS NOT NULL AND (r.last_page_at IS NULL
      OR (c.last_page_at, c.last_page) > (r.last_page_at, r.last_page))
    THEN c.last_page ELSE r.last_page END,
  last_page_at = greatest(r.last_page_at, c.last_page_at)`;

/**
 * Session measures of rows grouped together (events, views, … as columns): hours into a day,
 * or change rows into one, with the same choice of last page as `ADD_TO_SESSION_ROW`.
 */
const SESSION_MEASURES_GROUPED = sql`
  sum(events)::integer AS events, sum(views)::integer AS views,
  sum(active_ms)::bigint AS active_ms, max(max_depth)::smallint AS max_depth,
  (array_agg(last_page ORDER BY last_page_at DESC, last_page DESC)
    FILTER (WHERE last_page IS NOT NULL))[1] AS last_page,
  max(last_page_at) AS last_page_at`;

/**
 * Merges what `analytics_classified` adds into every rollup: the new events' rows, plus the
 * credit changes of stored pings (which only change active time), hour by hour, then day by
 * day, then into the visitor sets of their days and weeks (through their tails). `until`: the
 * refresh's watermark, before which days and weeks that have ended have no tails left.
 */
async function mergeChanges(trx: Transaction<Database>, until: Date) {
  const { sessions, pages, actions } = ROLLUPS;
  const fresh = sql`(SELECT * FROM analytics_classified WHERE is_new)`;
  const recredited = sql`analytics_classified WHERE NOT is_new AND credit_change <> 0`;
  const sessionKeys = columnList(sessions.keys);
  await sql`
    CREATE TEMPORARY TABLE analytics_session_changes ON COMMIT DROP AS
    SELECT c.*, s.session_key
    FROM (
      SELECT hour, session_id, ${sessionKeys}, ${SESSION_MEASURES_GROUPED}
      FROM (
        ${aggregateSessionHours(fresh)}
        UNION ALL
        SELECT hour, session_id, ${sessionKeys}, 0, 0, sum(credit_change), 0, NULL, NULL
        FROM ${recredited} GROUP BY hour, session_id, ${sessionKeys}
      ) AS changes
      GROUP BY hour, session_id, ${sessionKeys}
    ) AS c JOIN analytics_sessions AS s ON s.session_id = c.session_id`.execute(trx);
  // `settled`: the day row is there already, so its session is in that row's sets.
  await sql`
    CREATE TEMPORARY TABLE analytics_session_day_changes ON COMMIT DROP AS
    SELECT c.*, EXISTS (
      SELECT FROM analytics_session_days AS r WHERE ${sameRow('sessions', 'days')}) AS settled
    FROM (
      SELECT ${UTC_DAY} AS day, session_key, ${sessionKeys}, ${SESSION_MEASURES_GROUPED}
      FROM analytics_session_changes GROUP BY 1, session_key, ${sessionKeys}
    ) AS c`.execute(trx);
  await mergeRows(trx, 'sessions', 'hours', 'analytics_session_changes', ADD_TO_SESSION_ROW);
  await mergeRows(trx, 'sessions', 'days', 'analytics_session_day_changes', ADD_TO_SESSION_ROW);
  await advanceReadEnds(trx, sql`analytics_session_day_changes`);

  const pageKeys = columnList(pages.keys);
  await sql`
    CREATE TEMPORARY TABLE analytics_page_changes ON COMMIT DROP AS
    SELECT hour, session_id, ${pageKeys}, sum(pings)::integer AS pings,
      sum(active_ms)::bigint AS active_ms
    FROM (
      ${aggregatePageHours(fresh)}
      UNION ALL
      SELECT hour, session_id, ${pageKeys}, 0, sum(credit_change)
      FROM ${recredited} AND page IS NOT NULL AND doc_id IS NOT NULL
      GROUP BY hour, session_id, ${pageKeys}
    ) AS changes
    GROUP BY hour, session_id, ${pageKeys}`.execute(trx);
  await mergeRows(
    trx,
    'pages',
    'hours',
    'analytics_page_changes',
    sql`pings = r.pings + c.pings,
    active_ms = r.active_ms + c.active_ms`,
  );
  await addPageTotals(
    'analytics_page_hours',
    sql`SELECT hour, ${pageKeys}, sum(pings), sum(active_ms) FROM analytics_page_changes
      GROUP BY hour, ${pageKeys}`,
  ).execute(trx);
  await addPageTotals(
    'analytics_page_days',
    sql`SELECT ${UTC_DAY}, ${pageKeys}, sum(pings), sum(active_ms) FROM analytics_page_changes
      GROUP BY 1, ${pageKeys}`,
  ).execute(trx);

  const actionKeys = columnList(actions.keys);
  await sql`
    CREATE TEMPORARY TABLE analytics_action_changes ON COMMIT DROP AS
    SELECT c.*, s.session_key FROM (${aggregateActionHours(fresh)}) AS c
    JOIN analytics_sessions AS s ON s.session_id = c.session_id`.execute(trx);
  await sql`
    CREATE TEMPORARY TABLE analytics_action_day_changes ON COMMIT DROP AS
    SELECT ${UTC_DAY} AS day, session_key, ${actionKeys}, sum(events)::integer AS events
    FROM analytics_action_changes GROUP BY 1, session_key, ${actionKeys}`.execute(trx);
  const addEvents = sql`events = r.events + c.events`;
  await mergeRows(trx, 'actions', 'hours', 'analytics_action_changes', addEvents);
  await mergeRows(trx, 'actions', 'days', 'analytics_action_day_changes', addEvents);

  // The day rows' changes as set entries: their sums are differences, and their session keys
  // are members already or join (a level of depth is entered when first reached).
  await sql`
    CREATE TEMPORARY TABLE analytics_day_set_changes ON COMMIT DROP AS
    ${aggregateSessionSets(
      expandSessionSets(
        sql`analytics_session_day_changes`,
        sql`analytics_action_day_changes`,
        sql`r.settled`,
      ),
    )}`.execute(trx);
  await applySetChanges(trx, 'analytics_session_sets', sql`analytics_day_set_changes`);
  // A week's change is the union of its days' changes.
  await applySetChanges(
    trx,
    'analytics_session_set_weeks',
    sql`(${weeklySets(sql`analytics_day_set_changes`)})`,
  );
  const untilDay = utcDayOf(sql`${until}::timestamptz`);
  await mergeTails(trx, 'analytics_session_sets', untilDay);
  await mergeTails(trx, 'analytics_session_set_weeks', sql`date_trunc('week', ${untilDay})::date`);
}

/**
 * Merges a per-session rollup table's changes (the temporary table `changes`: rows shaped like
 * the table's, at most one per row of it) into it: `combine` (a SET list over the table's row
 * `r` and the change `c`) where the row exists (`sameRow`), a new row otherwise.
 */
async function mergeRows(
  trx: Transaction<Database>,
  kind: RollupKind,
  grain: 'hours' | 'days',
  changes: string,
  combine: RawBuilder<unknown>,
) {
  const { keys, measures } = ROLLUPS[kind];
  const identity = rowIdentity(grain);
  // Pages are kept per session apart from the totals queries read (`ROLLUPS.pages.hours`).
  const table = kind === 'pages' ? 'analytics_session_pages' : (ROLLUPS[kind][grain] as string);
  // Hourly rows of sessions and actions also carry the session's key.
  const extra = grain === 'hours' && kind !== 'pages' ? ['session_key'] : [];
  const columns = [...identity, ...keys, ...measures, ...extra];
  await sql`
    WITH changes AS MATERIALIZED (
      SELECT row_number() OVER () AS change, c.* FROM ${sql.table(changes)} AS c),
    updated AS (
      UPDATE ${sql.table(table)} AS r SET ${combine}
      FROM changes AS c
      WHERE ${sameRow(kind, grain)}
      RETURNING c.change
    )
    INSERT INTO ${sql.table(table)} (${columnList(columns)})
    SELECT ${columnList(columns, 'c')}
    FROM changes AS c
    WHERE c.change NOT IN (SELECT change FROM updated)`.execute(trx);
}

/** The columns that, with a rollup's keys, tell its rows of one grain apart. */
function rowIdentity(grain: 'hours' | 'days'): string[] {
  return grain === 'hours' ? ['hour', 'session_id'] : ['day', 'session_key'];
}

/**
 * The same row of a per-session rollup in `r` and `c`. Keys may be null, so they are matched
 * with IS NOT DISTINCT FROM; rows are found by (session_id, hour) or (session_key, day).
 */
function sameRow(kind: RollupKind, grain: 'hours' | 'days'): RawBuilder<unknown> {
  return sql.join(
    [
      ...rowIdentity(grain).map((column) => sql`r.${sql.ref(column)} = c.${sql.ref(column)}`),
      ...ROLLUPS[kind].keys.map(
        (key) => sql`r.${sql.ref(key)} IS NOT DISTINCT FROM c.${sql.ref(key)}`,
      ),
    ],
    sql` AND `,
  );
}

/**
 * Moves each read's end (`analytics_read_ends`) to the latest page in session rows `rows` (day
 * rows, or a refresh's changes to them) where that is later than where the read stood (ties
 * broken as ADD_TO_SESSION_ROW breaks them), and its count in `analytics_read_end_days` from the
 * day and page it left to those it reached. A late ping older than the read's end moves nothing,
 * as it changes no session row's last page.
 */
async function advanceReadEnds(trx: Transaction<Database>, rows: RawBuilder<unknown>) {
  await sql`
    CREATE TEMPORARY TABLE analytics_read_end_changes ON COMMIT DROP AS
    SELECT n.*, o.course_id AS left_course_id, o.is_bot AS left_is_bot,
      o.last_page AS left_page, o.last_page_at AS left_at
    FROM (${latestPageOfEachRead(
      rows,
      sql`session_key, doc_id, course_id, is_bot, last_page, last_page_at`,
    )}) AS n
    LEFT JOIN analytics_read_ends AS o ON o.session_key = n.session_key AND o.doc_id = n.doc_id
    WHERE o.session_key IS NULL
      OR (n.last_page_at, n.last_page) > (o.last_page_at, o.last_page)`.execute(trx);
  await sql`
    CREATE TEMPORARY TABLE analytics_read_end_day_changes ON COMMIT DROP AS
    SELECT day, course_id, doc_id, is_bot, page, sum(reads)::integer AS reads
    FROM (
      SELECT ${utcDayOf(sql`last_page_at`)} AS day, course_id, doc_id, is_bot, last_page AS page,
        1 AS reads
      FROM analytics_read_end_changes
      UNION ALL
      SELECT ${utcDayOf(sql`left_at`)}, left_course_id, doc_id, left_is_bot, left_page, -1
      FROM analytics_read_end_changes WHERE left_at IS NOT NULL
    ) AS moves
    GROUP BY day, course_id, doc_id, is_bot, page
    HAVING sum(reads) <> 0`.execute(trx);
  await sql`
    INSERT INTO analytics_read_end_days (day, course_id, doc_id, is_bot, page, reads)
    SELECT day, course_id, doc_id, is_bot, page, reads FROM analytics_read_end_day_changes
    ORDER BY course_id, doc_id, day
    ON CONFLICT (doc_id, day, page, is_bot, course_id)
      DO UPDATE SET reads = analytics_read_end_days.reads + excluded.reads`.execute(trx);
  // A page a day's last reader moved on from holds nobody: no row, as a rebuild writes it.
  await sql`
    DELETE FROM analytics_read_end_days AS d USING analytics_read_end_day_changes AS c
    WHERE d.reads = 0 AND d.doc_id = c.doc_id AND d.day = c.day AND d.page = c.page
      AND d.is_bot = c.is_bot AND d.course_id IS NOT DISTINCT FROM c.course_id`.execute(trx);
  await sql`
    INSERT INTO analytics_read_ends (session_key, doc_id, course_id, is_bot, last_page,
      last_page_at)
    SELECT session_key, doc_id, course_id, is_bot, last_page, last_page_at
    FROM analytics_read_end_changes
    ON CONFLICT (session_key, doc_id) DO UPDATE SET
      course_id = excluded.course_id, is_bot = excluded.is_bot,
      last_page = excluded.last_page, last_page_at = excluded.last_page_at`.execute(trx);
}

type SetTable = 'analytics_session_sets' | 'analytics_session_set_weeks';

/**
 * A tail is merged into its set once it has this many members (session keys, bots too). Each
 * refresh that adds to a tail rewrites it, and each merge rewrites its set's whole array (a busy
 * day's is hundreds of thousands of keys), so the best size grows with the site: at 10M events and
 * 1,000 events/s, merges every second refresh at 4,096 made the refresh's mean 500 ms (a merging
 * one 600–850 ms, 400 of them the merges); at 16,384, one in eight merges and the mean is 390 ms.
 */
export const SET_TAIL_MEMBERS = 16_384;

/** The same set (day or week, scope, dimension and value) in rows `r` and `c`. */
const SAME_SET = sql`r.day = c.day AND r.scope = c.scope AND r.dimension = c.dimension
  AND r.value IS NOT DISTINCT FROM c.value`;

/** How a set row `r` takes in a row `c` of the same set: members unioned, measures summed. */
const ADD_TO_SET_ROW = sql`
  -- A change often brings no new member (a reader already counted reads on): the array is
  -- then kept as it is, not rewritten.
  sessions = CASE WHEN r.sessions @> c.sessions THEN r.sessions ELSE r.sessions | c.sessions END,
  bot_sessions = CASE WHEN r.bot_sessions @> c.bot_sessions THEN r.bot_sessions
    ELSE r.bot_sessions | c.bot_sessions END,
  events = r.events + c.events, views = r.views + c.views, active_ms = r.active_ms + c.active_ms,
  bot_events = r.bot_events + c.bot_events, bot_views = r.bot_views + c.bot_views,
  bot_active_ms = r.bot_active_ms + c.bot_active_ms`;

const SET_COLUMNS = sql`day, scope, dimension, value, sessions, bot_sessions, events, views,
  active_ms, bot_events, bot_views, bot_active_ms`;

/**
 * Applies changes to the visitor sets (`changes`: rows shaped like the set table's, for the
 * affected session-days: their current session keys, and the difference in their sums) to the
 * sets' tails (migration 0013), made where missing. Set membership only grows as a session-day
 * gets events (each new event adds a row or deepens one, and events are never deleted), so
 * the keys are unioned in and none is taken out: a set's rows together end as a rebuild of the
 * period would write it, at the cost of the change rather than of the whole day or week.
 */
async function applySetChanges(
  trx: Transaction<Database>,
  table: SetTable,
  changes: RawBuilder<unknown>,
) {
  await sql`
    WITH changes AS MATERIALIZED (SELECT * FROM ${changes} AS c),
    updated AS (
      UPDATE ${sql.table(table)} AS r SET ${ADD_TO_SET_ROW}
      FROM changes AS c
      WHERE r.tail AND ${SAME_SET}
      RETURNING c.day, c.scope, c.dimension, c.value
    )
    INSERT INTO ${sql.table(table)} (${SET_COLUMNS}, tail)
    SELECT c.*, true FROM changes AS c
    WHERE NOT EXISTS (SELECT FROM updated AS r WHERE ${SAME_SET})`.execute(trx);
}

/**
 * Merges into their sets the tails that have grown to SET_TAIL_MEMBERS, and those of periods
 * (days or weeks, by their first day) that began before `current`, which only late events still
 * reach: a period that is over is then one row per set, as a rebuild writes it. A tail of a set
 * without a row becomes the set's row.
 */
async function mergeTails(
  trx: Transaction<Database>,
  table: SetTable,
  current: RawBuilder<unknown>,
) {
  await sql`
    WITH tails AS (
      DELETE FROM ${sql.table(table)} AS t
      WHERE t.tail AND (t.day < ${current}
        OR icount(t.sessions) + icount(t.bot_sessions) >= ${SET_TAIL_MEMBERS})
      RETURNING ${SET_COLUMNS}
    ),
    merged AS (
      UPDATE ${sql.table(table)} AS r SET ${ADD_TO_SET_ROW}
      FROM tails AS c
      WHERE NOT r.tail AND ${SAME_SET}
      RETURNING c.day, c.scope, c.dimension, c.value
    )
    INSERT INTO ${sql.table(table)} (${SET_COLUMNS})
    SELECT c.* FROM tails AS c
    WHERE NOT EXISTS (SELECT FROM merged AS r WHERE ${SAME_SET})`.execute(trx);
}

/**
 * One statement writes every table, so the window over presence pings is computed once. The
 * picked events' sessions must be in `analytics_sessions` already. Returns the number of events
 * read.
 */
async function insertRollups(trx: Transaction<Database>, picked: RawBuilder<unknown>) {
  const { sessions, pages, actions } = ROLLUPS;
  const pageKeys = columnList(pages.keys);
  const result = await sql<{ events: number | null }>`
    WITH classified AS MATERIALIZED (${classifyEvents(picked)}),
    sessions AS (
      INSERT INTO analytics_session_hours (hour, session_id, ${columnList(sessions.keys)},
        ${columnList(sessions.measures)}, session_key)
      SELECT r.*, s.session_key
      FROM (${aggregateSessionHours(sql`classified`)}) AS r
      JOIN analytics_sessions AS s ON s.session_id = r.session_id
      RETURNING events
    ),
    pages AS (
      INSERT INTO analytics_session_pages
        (hour, session_id, ${pageKeys}, ${columnList(pages.measures)})
      ${aggregatePageHours(sql`classified`)}
      RETURNING hour, ${pageKeys}, ${columnList(pages.measures)}
    ),
    page_totals AS (${addPageTotals(
      'analytics_page_hours',
      sql`SELECT hour, ${pageKeys}, sum(pings), sum(active_ms) FROM pages
        GROUP BY hour, ${pageKeys}`,
    )}),
    page_day_totals AS (${addPageTotals(
      'analytics_page_days',
      sql`SELECT ${UTC_DAY}, ${pageKeys}, sum(pings), sum(active_ms) FROM pages
        GROUP BY 1, ${pageKeys}`,
    )}),
    actions AS (
      INSERT INTO analytics_action_hours
        (hour, session_id, ${columnList(actions.keys)}, ${columnList(actions.measures)}, session_key)
      SELECT r.*, s.session_key
      FROM (${aggregateActionHours(sql`classified`)}) AS r
      JOIN analytics_sessions AS s ON s.session_id = r.session_id
    )
    SELECT sum(events) AS events FROM sessions`.execute(trx);
  return result.rows[0]?.events ?? 0;
}

/**
 * Fills the (empty) day rollups from the hourly ones. Written in course and document order, so that after a rebuild a course's or a
 * document's month is a run of neighbouring pages rather than a few rows on every page.
 */
async function insertDayRollups(trx: Transaction<Database>) {
  const { sessions, actions } = ROLLUPS;
  const sessionKeys = columnList(sessions.keys);
  await sql`
    INSERT INTO analytics_session_days (day, session_key, ${sessionKeys},
      ${columnList(sessions.measures)})
    SELECT ${UTC_DAY}, session_key, ${sessionKeys}, ${SESSION_MEASURES_GROUPED}
    FROM analytics_session_hours
    GROUP BY 1, session_key, ${sessionKeys}
    ORDER BY course_id, doc_id, 1`.execute(trx);
  const actionKeys = columnList(actions.keys);
  await sql`
    INSERT INTO analytics_action_days (day, session_key, ${actionKeys},
      ${columnList(actions.measures)})
    SELECT ${UTC_DAY}, session_key, ${actionKeys}, sum(events)
    FROM analytics_action_hours
    GROUP BY 1, session_key, ${actionKeys}
    ORDER BY course_id, doc_id, 1`.execute(trx);
}

/**
 * Adds per-page totals to a page table (`rows`: its `hour` or `day`, then the page rollup's keys
 * and measures), summing into the rows already there.
 */
function addPageTotals(
  table: 'analytics_page_hours' | 'analytics_page_days',
  rows: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const time = sql.ref(table === 'analytics_page_hours' ? 'hour' : 'day');
  const { keys, measures } = ROLLUPS.pages;
  const sums = sql.join(
    measures.map(
      (measure) =>
        sql`${sql.ref(measure)} = ${sql.table(table)}.${sql.ref(measure)} + excluded.${sql.ref(measure)}`,
    ),
  );
  return sql`
    INSERT INTO ${sql.table(table)} (${time}, ${columnList(keys)}, ${columnList(measures)})
    ${rows}
    ON CONFLICT (doc_id, ${time}, page, is_bot, course_id) DO UPDATE SET ${sums}`;
}

/** Fills the (empty) `analytics_session_sets` from the day rollups. */
async function insertSessionSets(trx: Transaction<Database>) {
  await sql`
    INSERT INTO analytics_session_sets (day, scope, dimension, value, sessions, bot_sessions,
      events, views, active_ms, bot_events, bot_views, bot_active_ms)
    ${aggregateSessionSets(
      expandSessionSets(sql`analytics_session_days`, sql`analytics_action_days`),
    )}`.execute(trx);
}

/** Fills the (empty) `analytics_session_set_weeks` from the day sets. */
async function insertSessionSetWeeks(trx: Transaction<Database>) {
  await sql`
    INSERT INTO analytics_session_set_weeks (day, scope, dimension, value, sessions, bot_sessions,
      events, views, active_ms, bot_events, bot_views, bot_active_ms)
    ${weeklySets(sql`analytics_session_sets`)}`.execute(trx);
}

/** Rows shaped like `analytics_session_sets`, unioned per ISO week (`day` its Monday). */
function weeklySets(daySets: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    SELECT date_trunc('week', r.day::timestamp)::date AS day, scope, dimension, value,
      analytics_int_union(sessions) AS sessions, analytics_int_union(bot_sessions) AS bot_sessions,
      sum(events) AS events, sum(views) AS views, sum(active_ms) AS active_ms,
      sum(bot_events) AS bot_events, sum(bot_views) AS bot_views,
      sum(bot_active_ms) AS bot_active_ms
    FROM ${daySets} AS r
    GROUP BY 1, scope, dimension, value`;
}
