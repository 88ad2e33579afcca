import { type Kysely, sql } from 'kysely';

/**
 * Reading-analytics rollups (docs/stats-api.md, "Rollups"), maintained by
 * `refreshAnalyticsRollups` (packages/db/src/analytics/refresh-analytics-rollups.ts).
 *
 * The grain is one visitor session in one UTC hour on one document (or course page, or neither),
 * not a per-day count: distinct sessions over an arbitrary range cannot be summed from daily
 * counts, but counting distinct `session_id`s over these rows is exact and reads a few rows per
 * visit instead of every presence ping (a five-minute read is ~60 events and one row). The
 * source and device columns are part of the grain too, so every breakdown stays exact.
 *
 * A refresh deletes a session's rows for a UTC day and recomputes them from `events`, which is
 * what makes late and out-of-order events harmless; the per-page totals are adjusted by the
 * difference.
 *
 * The same rows per UTC day (`analytics_*_days`) are what queries read for the whole days of a
 * range (the hourly rows only for the hours at its ends), with the session as a small integer
 * from `analytics_sessions`: counting distinct sessions over a month of a whole site is then
 * hashing a few hundred thousand integers rather than UUIDs in rows four times as wide.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The session dictionary: a UUID is 16 bytes and hashes slowly; every rollup row carries this
  // key, and queries count and group by it.
  await sql`
    CREATE TABLE analytics_sessions (
      session_key integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      session_id uuid NOT NULL UNIQUE
    )`.execute(db);

  await sql`
    CREATE TABLE analytics_session_hours (
      hour timestamptz NOT NULL,
      session_id uuid NOT NULL,
      session_key integer NOT NULL,
      course_id bigint,
      doc_id bigint,
      is_bot boolean NOT NULL,
      utm_source text,
      utm_medium text,
      utm_campaign text,
      referrer_host text,
      browser text,
      os text,
      device text,
      events integer NOT NULL,
      views integer NOT NULL,
      active_ms bigint NOT NULL,
      max_depth smallint NOT NULL,
      last_page integer,
      last_page_at timestamptz
    )`.execute(db);
  // A refresh finds a session's day by (session_id, hour); queries by scope and time.
  await sql`CREATE INDEX analytics_session_hours_session_idx ON analytics_session_hours (session_id, hour)`.execute(
    db,
  );
  await sql`CREATE INDEX analytics_session_hours_hour_idx ON analytics_session_hours (hour)`.execute(
    db,
  );
  await sql`CREATE INDEX analytics_session_hours_course_idx ON analytics_session_hours (course_id, hour) WHERE course_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX analytics_session_hours_doc_idx ON analytics_session_hours (doc_id, hour) WHERE doc_id IS NOT NULL`.execute(
    db,
  );

  // Attention per page, two ways: per session (to know what a session-day contributed when it
  // is recomputed) and added up per document, page and hour (what queries read: a busy
  // document's readers turn many pages, so the per-session rows are ~7× the session rows).
  await sql`
    CREATE TABLE analytics_session_pages (
      hour timestamptz NOT NULL,
      session_id uuid NOT NULL,
      course_id bigint,
      doc_id bigint NOT NULL,
      is_bot boolean NOT NULL,
      page integer NOT NULL,
      pings integer NOT NULL,
      active_ms bigint NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX analytics_session_pages_session_idx ON analytics_session_pages (session_id, hour)`.execute(
    db,
  );
  await sql`
    CREATE TABLE analytics_page_hours (
      hour timestamptz NOT NULL,
      course_id bigint,
      doc_id bigint NOT NULL,
      is_bot boolean NOT NULL,
      page integer NOT NULL,
      pings integer NOT NULL,
      active_ms bigint NOT NULL
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX analytics_page_hours_key ON analytics_page_hours
      (doc_id, hour, page, is_bot, course_id) NULLS NOT DISTINCT`.execute(db);
  await sql`CREATE INDEX analytics_page_hours_course_idx ON analytics_page_hours (course_id, hour) WHERE course_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX analytics_page_hours_hour_idx ON analytics_page_hours (hour)`.execute(db);

  await sql`
    CREATE TABLE analytics_action_hours (
      hour timestamptz NOT NULL,
      session_id uuid NOT NULL,
      session_key integer NOT NULL,
      course_id bigint,
      doc_id bigint,
      is_bot boolean NOT NULL,
      type text NOT NULL,
      name text NOT NULL,
      action text NOT NULL,
      events integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX analytics_action_hours_session_idx ON analytics_action_hours (session_id, hour)`.execute(
    db,
  );
  await sql`CREATE INDEX analytics_action_hours_hour_idx ON analytics_action_hours (hour)`.execute(
    db,
  );

  // analytics_session_hours per UTC day (same grain otherwise), recomputed with it.
  await sql`
    CREATE TABLE analytics_session_days (
      day date NOT NULL,
      session_key integer NOT NULL,
      course_id bigint,
      doc_id bigint,
      is_bot boolean NOT NULL,
      utm_source text,
      utm_medium text,
      utm_campaign text,
      referrer_host text,
      browser text,
      os text,
      device text,
      events integer NOT NULL,
      views integer NOT NULL,
      active_ms bigint NOT NULL,
      max_depth smallint NOT NULL,
      last_page integer,
      last_page_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX analytics_session_days_session_idx ON analytics_session_days (session_key, day)`.execute(
    db,
  );
  await sql`CREATE INDEX analytics_session_days_day_idx ON analytics_session_days (day)`.execute(
    db,
  );
  await sql`CREATE INDEX analytics_session_days_course_idx ON analytics_session_days (course_id, day) WHERE course_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX analytics_session_days_doc_idx ON analytics_session_days (doc_id, day) WHERE doc_id IS NOT NULL`.execute(
    db,
  );

  // analytics_page_hours per UTC day, kept by the same differences.
  await sql`
    CREATE TABLE analytics_page_days (
      day date NOT NULL,
      course_id bigint,
      doc_id bigint NOT NULL,
      is_bot boolean NOT NULL,
      page integer NOT NULL,
      pings integer NOT NULL,
      active_ms bigint NOT NULL
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX analytics_page_days_key ON analytics_page_days
      (doc_id, day, page, is_bot, course_id) NULLS NOT DISTINCT`.execute(db);
  await sql`CREATE INDEX analytics_page_days_course_idx ON analytics_page_days (course_id, day) WHERE course_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX analytics_page_days_day_idx ON analytics_page_days (day)`.execute(db);

  // analytics_action_hours per UTC day.
  await sql`
    CREATE TABLE analytics_action_days (
      day date NOT NULL,
      session_key integer NOT NULL,
      course_id bigint,
      doc_id bigint,
      is_bot boolean NOT NULL,
      type text NOT NULL,
      name text NOT NULL,
      action text NOT NULL,
      events integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX analytics_action_days_session_idx ON analytics_action_days (session_key, day)`.execute(
    db,
  );
  await sql`CREATE INDEX analytics_action_days_day_idx ON analytics_action_days (day)`.execute(db);
  await sql`CREATE INDEX analytics_action_days_course_idx ON analytics_action_days (course_id, day) WHERE course_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX analytics_action_days_doc_idx ON analytics_action_days (doc_id, day) WHERE doc_id IS NOT NULL`.execute(
    db,
  );

  // Who visited, per UTC day, as sorted arrays of session keys: the site and each course, and
  // within them each document, depth level, course, traffic source, device and action
  // (`expandSessionSets` in packages/db/src/analytics/aggregate-events.ts). Distinct sessions over a range are the size of
  // the union of its days' arrays, which intarray's union does in C: a month of a whole site is
  // 30 arrays, not 300,000 rows through a hash table.
  await sql`CREATE EXTENSION IF NOT EXISTS intarray`.execute(db);
  await sql`
    CREATE AGGREGATE analytics_int_union(integer[]) (
      SFUNC = _int_union, STYPE = integer[], INITCOND = '{}'
    )`.execute(db);
  await sql`
    CREATE TABLE analytics_session_sets (
      day date NOT NULL,
      scope text NOT NULL,
      dimension text NOT NULL,
      value text,
      sessions integer[] NOT NULL,
      bot_sessions integer[] NOT NULL,
      events bigint NOT NULL,
      views bigint NOT NULL,
      active_ms bigint NOT NULL,
      bot_events bigint NOT NULL,
      bot_views bigint NOT NULL,
      bot_active_ms bigint NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX analytics_session_sets_idx ON analytics_session_sets (scope, dimension, day)`.execute(
    db,
  );
  await sql`CREATE INDEX analytics_session_sets_day_idx ON analytics_session_sets (day)`.execute(
    db,
  );
  // The same unioned per ISO week (`day` its Monday): a month is then four arrays and a few days,
  // and a union costs about the size of what it has gathered so far at every step.
  await sql`CREATE TABLE analytics_session_set_weeks (LIKE analytics_session_sets)`.execute(db);
  await sql`CREATE INDEX analytics_session_set_weeks_idx ON analytics_session_set_weeks (scope, dimension, day)`.execute(
    db,
  );

  // One row: events stored up to `processed_until` are in the rollups.
  await sql`
    CREATE TABLE analytics_refresh_state (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      processed_until timestamptz NOT NULL,
      refreshed_at timestamptz NOT NULL
    )`.execute(db);

  // An incremental refresh looks for events stored since the last one. Rows are appended in
  // `stored_at` order within each partition, so a BRIN index stays a few pages and costs the
  // collector's inserts almost nothing (a B-tree would be a sixth index on every insert).
  await sql`CREATE INDEX events_stored_at_brin_idx ON events USING brin (stored_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS events_stored_at_brin_idx`.execute(db);
  await sql`DROP TABLE IF EXISTS analytics_refresh_state`.execute(db);
  await sql`DROP TABLE IF EXISTS analytics_session_set_weeks`.execute(db);
  await sql`DROP TABLE IF EXISTS analytics_session_sets`.execute(db);
  await sql`DROP AGGREGATE IF EXISTS analytics_int_union(integer[])`.execute(db);
  await sql`DROP TABLE IF EXISTS analytics_action_days`.execute(db);
  await sql`DROP TABLE IF EXISTS analytics_page_days`.execute(db);
  await sql`DROP TABLE IF EXISTS analytics_session_days`.execute(db);
  await sql`DROP TABLE IF EXISTS analytics_sessions`.execute(db);
  await sql`DROP TABLE IF EXISTS analytics_action_hours`.execute(db);
  await sql`DROP TABLE IF EXISTS analytics_page_hours`.execute(db);
  await sql`DROP TABLE IF EXISTS analytics_session_pages`.execute(db);
  await sql`DROP TABLE IF EXISTS analytics_session_hours`.execute(db);
}
