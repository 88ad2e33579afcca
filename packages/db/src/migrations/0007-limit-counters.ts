import { type Kysely, sql } from 'kysely';

/**
 * Counters of the web app's rate limits (apps/web/src/limits): sign-in, sign-up and mail per
 * client address and per account or recipient, uploads and new courses per member. In the
 * database so every web replica counts the same requests; one row per key and fixed window,
 * updated by a single atomic upsert. better-auth's limiter counts here too now, so its own
 * `rate_limits` table (0003) goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE limit_counters (
      key text PRIMARY KEY CHECK (length(key) <= 400),
      hits integer NOT NULL CHECK (hits >= 0),
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX limit_counters_expires_idx ON limit_counters (expires_at)`.execute(db);
  await sql`DROP TABLE rate_limits`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rate_limits (
      id text PRIMARY KEY,
      key text NOT NULL UNIQUE,
      count integer NOT NULL,
      last_request bigint NOT NULL
    )`.execute(db);
  await sql`DROP TABLE limit_counters`.execute(db);
}
