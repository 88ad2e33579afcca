import { type Kysely, sql } from 'kysely';

/**
 * What lets a rollup refresh do less for the pings of reads under way, most of what it takes in:
 * - The session sets of where visitors came from and on what (`utm_source`, `utm_medium`,
 *   `utm_campaign`, `referrer_host`, `browser`, `os`, `device`) keep no events or active time:
 *   their breakdowns count sessions and views only, so a ping of a session already in them
 *   changes nothing there and the refresh skips those sets for it. Their sums go to zero, as a
 *   rebuild now writes them.
 * - The session rows a refresh updates (the hour's and the day's, and the pages in view) leave
 *   room on their pages, so that an update can stay on the row's page (a HOT update) and need no
 *   new entry in each of the table's indexes: at 1,000 events/s, 7 % of the hourly rows' updates
 *   were HOT and the merges took 82 ms of a 300 ms refresh; with this room, 93–97 % and 46–58 ms.
 *   Applies to pages written from now on.
 *
 * Under the refresh's advisory lock, so that no refresh runs in between (as 0016).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('coursepack.analytics_refresh'))`.execute(db);
  for (const table of ['analytics_session_sets', 'analytics_session_set_weeks']) {
    await sql`
      UPDATE ${sql.table(table)}
      SET events = 0, active_ms = 0, bot_events = 0, bot_active_ms = 0
      WHERE dimension IN ('utm_source', 'utm_medium', 'utm_campaign', 'referrer_host', 'browser',
          'os', 'device')
        AND (events, active_ms, bot_events, bot_active_ms) <> (0, 0, 0, 0)`.execute(db);
  }
  for (const table of [
    'analytics_session_hours',
    'analytics_session_days',
    'analytics_session_pages',
  ]) {
    await sql`ALTER TABLE ${sql.table(table)} SET (fillfactor = 70)`.execute(db);
  }
}

/** The sets' sums come back with a rebuild by the code from before this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'analytics_session_hours',
    'analytics_session_days',
    'analytics_session_pages',
  ]) {
    await sql`ALTER TABLE ${sql.table(table)} RESET (fillfactor)`.execute(db);
  }
}
