import { type Kysely, sql } from 'kysely';

/**
 * The rollup refresh now adds each refresh's new events to the rows as they are, so the rows
 * must hold exactly the events stored before `processed_until`. Rollups written by the earlier
 * refresh (which recomputed whole session-days, reading events stored after its watermark too)
 * may hold a few more: forgetting the watermark makes the next refresh a full rebuild, once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM analytics_refresh_state`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM analytics_refresh_state`.execute(db);
}
