import { type Kysely, sql } from 'kysely';

/**
 * Visitor activity events, written by the collector (apps/collector), read by the analytics.
 *
 * Range-partitioned by `received_at`, one partition per UTC month, so old months detach and
 * drop cheaply. A partitioned table's unique keys must contain the partition column, so the
 * partition column is derived from `event_id` itself: the collector sets `received_at` to the
 * millisecond timestamp inside the UUIDv7 (`event_id`). A retried send of an event carries the
 * same id, hence the same `received_at`, hence lands in the same partition, and the primary key
 * `(event_id, received_at)` stores it exactly once, for ever, without a dedupe window
 * (docs/collector.md, "Storage").
 *
 * `ensure_event_partitions(months_ahead)` creates the months around now (from the previous one
 * to `months_ahead` ahead); the collector calls it at start-up and periodically, and the default
 * partition catches anything outside them, so an insert never fails for want of a partition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE events (
      event_id uuid NOT NULL,
      received_at timestamptz NOT NULL,
      type text NOT NULL,
      name text NOT NULL,
      action text NOT NULL,
      date timestamptz,
      environment text,
      app text,
      url_path_version text,
      client text,
      related_id bigint,
      related_entity text,
      course_id bigint,
      doc_id bigint,
      action_meta jsonb,
      session_id uuid NOT NULL,
      path text NOT NULL,
      path_with_params text NOT NULL,
      utm boolean NOT NULL DEFAULT false,
      utm_source text,
      utm_medium text,
      utm_campaign text,
      utm_term text,
      utm_content text,
      referrer text,
      referred_by text,
      location text NOT NULL,
      browser text,
      browser_version text,
      os text,
      os_version text,
      device text,
      device_vendor text,
      device_model text,
      is_bot boolean NOT NULL DEFAULT false,
      ip_hash text,
      user_id text,
      stored_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (event_id, received_at)
    ) PARTITION BY RANGE (received_at)`.execute(db);

  // The dashboard's access paths: a document or a course over a time range, a session's
  // events in order, and whole time ranges (BRIN: rows arrive in time order, the index stays tiny).
  await sql`CREATE INDEX events_doc_time_idx ON events (doc_id, received_at) WHERE doc_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX events_course_time_idx ON events (course_id, received_at) WHERE course_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX events_session_time_idx ON events (session_id, received_at)`.execute(db);
  await sql`CREATE INDEX events_received_at_brin_idx ON events USING brin (received_at)`.execute(
    db,
  );

  await sql`CREATE TABLE events_default PARTITION OF events DEFAULT`.execute(db);

  await sql`
    CREATE FUNCTION ensure_event_partitions(months_ahead integer DEFAULT 3)
    RETURNS integer
    LANGUAGE plpgsql
    AS $$
    DECLARE
      first_month timestamp := date_trunc('month', now() AT TIME ZONE 'UTC') - interval '1 month';
      month_start timestamp;
      partition_name text;
      created integer := 0;
    BEGIN
      -- Replicas run this at the same moments; one at a time avoids "already exists" races.
      PERFORM pg_advisory_xact_lock(hashtext('coursepack.ensure_event_partitions'));
      FOR i IN 0 .. months_ahead + 1 LOOP
        month_start := first_month + make_interval(months => i);
        partition_name := 'events_' || to_char(month_start, 'YYYY_MM');
        CONTINUE WHEN to_regclass(partition_name) IS NOT NULL;
        BEGIN
          EXECUTE format(
            'CREATE TABLE %I PARTITION OF events FOR VALUES FROM (%L) TO (%L)',
            partition_name,
            month_start AT TIME ZONE 'UTC',
            (month_start + interval '1 month') AT TIME ZONE 'UTC'
          );
          created := created + 1;
        EXCEPTION WHEN check_violation THEN
          -- The default partition already holds rows of that month (events that arrived
          -- before it existed); they stay there, queries see them all the same.
          RAISE WARNING 'partition % not created: the default partition holds rows of that month',
            partition_name;
        END;
      END LOOP;
      RETURN created;
    END;
    $$`.execute(db);

  await sql`SELECT ensure_event_partitions(3)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS ensure_event_partitions(integer)`.execute(db);
  await sql`DROP TABLE IF EXISTS events`.execute(db);
}
