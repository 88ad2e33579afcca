import { type Kysely, sql } from 'kysely';

/**
 * Where readers stop, kept as it changes:
 * - `analytics_read_ends`: where each read (a session on a document) stands so far, the page of
 *   its last presence ping with a page and when it came;
 * - `analytics_read_end_days`: how many reads stand on each page of a document, by the UTC day
 *   their end came.
 * Over a range that runs to the present (the dashboards' and the stats API's default) the stops
 * are then the counts of the range's days, instead of sorting every session-day row of the
 * range to find each read's last: at 10M events, a busy course's stats took 0.25 s, most of it
 * that sort.
 *
 * Filled from the day rollups as a rebuild writes them, under the refresh's advisory lock so
 * that no refresh runs in between (as 0016).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('coursepack.analytics_refresh'))`.execute(db);
  await sql`
    CREATE TABLE analytics_read_ends (
      session_key integer NOT NULL,
      doc_id bigint NOT NULL,
      course_id bigint,
      is_bot boolean NOT NULL,
      last_page integer NOT NULL,
      last_page_at timestamptz NOT NULL,
      PRIMARY KEY (session_key, doc_id)
    )`.execute(db);
  await sql`
    CREATE TABLE analytics_read_end_days (
      day date NOT NULL,
      course_id bigint,
      doc_id bigint NOT NULL,
      is_bot boolean NOT NULL,
      page integer NOT NULL,
      reads integer NOT NULL
    )`.execute(db);
  await sql`
    INSERT INTO analytics_read_ends (session_key, doc_id, course_id, is_bot, last_page, last_page_at)
    SELECT DISTINCT ON (session_key, doc_id)
      session_key, doc_id, course_id, is_bot, last_page, last_page_at
    FROM analytics_session_days
    WHERE doc_id IS NOT NULL AND last_page IS NOT NULL AND last_page_at IS NOT NULL
    ORDER BY session_key, doc_id, last_page_at DESC, last_page DESC`.execute(db);
  await sql`
    INSERT INTO analytics_read_end_days (day, course_id, doc_id, is_bot, page, reads)
    SELECT (last_page_at AT TIME ZONE 'UTC')::date, course_id, doc_id, is_bot, last_page, count(*)
    FROM analytics_read_ends
    GROUP BY 1, course_id, doc_id, is_bot, last_page
    ORDER BY course_id, doc_id, 1`.execute(db);
  // The reads that ended in part of a day, at a range's start (a day's at most). One index, as
  // every refresh moves thousands of reads' ends and each move rewrites every index's entry.
  await sql`
    CREATE INDEX analytics_read_ends_end_idx ON analytics_read_ends (last_page_at)`.execute(db);
  await sql`
    CREATE UNIQUE INDEX analytics_read_end_days_key ON analytics_read_end_days
      (doc_id, day, page, is_bot, course_id) NULLS NOT DISTINCT`.execute(db);
  await sql`
    CREATE INDEX analytics_read_end_days_course_idx ON analytics_read_end_days (course_id, day)
    WHERE course_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX analytics_read_end_days_day_idx ON analytics_read_end_days (day)`.execute(
    db,
  );
  await sql`ANALYZE analytics_read_ends, analytics_read_end_days`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS analytics_read_end_days`.execute(db);
  await sql`DROP TABLE IF EXISTS analytics_read_ends`.execute(db);
}
