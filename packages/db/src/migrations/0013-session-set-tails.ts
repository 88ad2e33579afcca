import { type Kysely, sql } from 'kysely';

const SET_TABLES = ['analytics_session_sets', 'analytics_session_set_weeks'];

/**
 * A visitor set of the current day or week takes its new members in a small `tail` row beside
 * it (issue 12). Adding to the set itself rewrote its whole array on every refresh: a busy
 * site's day has tens of thousands of sessions in each of dozens of sets (a quarter of a MB
 * each, as TOAST and WAL), every 2 s. The refresh merges a tail into its set when it grows
 * large or its period ends, so a period that is over has one row per set, as a rebuild writes
 * it. Readers union and sum every row of a set, so a tail needs nothing of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of SET_TABLES) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN tail boolean NOT NULL DEFAULT false`.execute(
      db,
    );
    // Every refresh looks for tails to merge: among the few tails, not through a year of sets.
    await sql`CREATE INDEX ${sql.raw(`${table}_tails_idx`)} ON ${sql.table(table)} (day) WHERE tail`.execute(
      db,
    );
  }
}

/** The tails are folded back by forgetting the watermark: the next refresh rebuilds. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of SET_TABLES) {
    await sql`DELETE FROM ${sql.table(table)} WHERE tail`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN tail`.execute(db);
  }
  await sql`DELETE FROM analytics_refresh_state`.execute(db);
}
