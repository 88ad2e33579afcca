import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql, type Transaction } from 'kysely';
import { advanceReadEnds } from './refresh/advance-read-ends';
import { classifyNewEvents } from './refresh/classify-new-events';
import { mergeActionChanges } from './refresh/merge-action-changes';
import { mergePageChanges } from './refresh/merge-page-changes';
import { mergeSessionChanges } from './refresh/merge-session-changes';
import { mergeSetChanges } from './refresh/merge-set-changes';
import { addSessions, pickNewEvents } from './refresh/pick-new-events';
import { recomputeAll } from './refresh/recompute-all';

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
    let until = await committedUntil(trx);
    const state = await trx
      .selectFrom('analytics_refresh_state')
      .select('processed_until')
      .executeTakeFirst();
    const full = rebuild || !state;
    // The rollups hold exactly the events stored before `processed_until`: it never goes back
    // unless everything is recomputed.
    if (!full && until < state.processed_until) until = state.processed_until;

    const counts = full
      ? await recomputeAll(trx, until)
      : await recomputeSince(trx, state.processed_until, until);
    await recordProcessedUntil(trx, until);
    return {
      kind: full ? 'full' : 'incremental',
      ...counts,
      processedUntil: until,
      milliseconds: performance.now() - started,
    } satisfies RollupRefresh;
  });
}

/**
 * The watermark: the start of the oldest transaction still open (no older than
 * MAX_WATERMARK_LAG), or now. Every event stored before it is committed.
 */
async function committedUntil(trx: Transaction<Database>): Promise<Date> {
  const watermark = await sql<{ until: Date }>`
    SELECT greatest(
      least(now(), min(xact_start) FILTER (
        WHERE pid <> pg_backend_pid() AND datname = current_database()
          AND backend_type = 'client backend')),
      now() - ${MAX_WATERMARK_LAG}) AS until
    FROM pg_stat_activity`.execute(trx);
  return watermark.rows[0]?.until ?? new Date();
}

async function recordProcessedUntil(trx: Transaction<Database>, until: Date) {
  await sql`
    INSERT INTO analytics_refresh_state (id, processed_until, refreshed_at)
    VALUES (true, ${until}, now())
    ON CONFLICT (id) DO UPDATE SET
      processed_until = excluded.processed_until, refreshed_at = excluded.refreshed_at`.execute(
    trx,
  );
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
 * Adds the events stored in [since, until) to the rollups. Every measure of a rollup row adds up
 * (counts and active time) or only grows (deepest scroll, the page in view last), so a new
 * event's contribution merges into the rows as they are: its hour's, its day's, and its visitor
 * sets' (sums add, session arrays take the union). The one exception is a presence ping's
 * credited time, which depends on the next ping: a new ping can shorten the credit of a stored
 * one just before it (at most one interval earlier). So the new events are classified together
 * with the stored presence pings within one interval of a new one, and each of those stored
 * pings whose credit changed adds the difference. The cost follows the new events, not how long
 * their sessions have been reading (a visitor set's array is still read to test membership).
 *
 * Each step takes the temporary tables it reads (refresh/refresh-tables.ts) and returns those
 * it creates for later steps; they go with the transaction (ON COMMIT DROP).
 */
async function recomputeSince(trx: Transaction<Database>, since: Date, until: Date) {
  const picked = await pickNewEvents(trx, since, until);
  if (picked.count === 0) return { newEvents: 0, sessionDays: picked.sessionDays, eventsRead: 0 };
  await addSessions(trx, picked.events);
  const { classified, eventsRead } = await classifyNewEvents(trx, picked.events, since);
  const sessionDayChanges = await mergeSessionChanges(trx, classified);
  await advanceReadEnds(trx, sessionDayChanges);
  await mergePageChanges(trx, classified);
  const actionDayChanges = await mergeActionChanges(trx, classified);
  await mergeSetChanges(trx, sessionDayChanges, actionDayChanges, until);
  return { newEvents: picked.count, sessionDays: picked.sessionDays, eventsRead };
}
