import { createHash } from 'node:crypto';
import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';

/** At most `max` requests per key in a fixed window of `windowSeconds`. */
export interface LimitRule {
  max: number;
  windowSeconds: number;
}

export interface LimitOutcome {
  allowed: boolean;
  /** Whole seconds until the key's window ends (at least 1): the answer's `Retry-After`. */
  retryAfterSeconds: number;
}

/**
 * Counts one request against `key` and says whether it is within `rule`. One upsert, so
 * concurrent requests on every replica count exactly once each; the database's clock decides
 * when windows end, so replicas whose clocks drift still agree. Refused requests count too: an
 * attacker who keeps hammering does not get a fresh window sooner.
 */
export async function consumeLimit(
  db: Kysely<Database>,
  rawKey: string,
  rule: LimitRule,
): Promise<LimitOutcome> {
  const key = storedKey(rawKey);
  const { rows } = await sql<{ hits: number; retry_after: number; inserted: boolean }>`
    INSERT INTO limit_counters AS c (key, hits, expires_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN c.expires_at <= now() THEN 1 ELSE c.hits + 1 END,
      expires_at = CASE WHEN c.expires_at <= now() THEN EXCLUDED.expires_at ELSE c.expires_at END
    RETURNING hits,
      greatest(1, ceil(extract(epoch FROM expires_at - now())))::integer AS retry_after,
      (xmax = 0) AS inserted
  `.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`The limit counter of ${key} was not written.`);
  // Keys are client addresses and email addresses: without pruning, the table would keep one
  // row for every address that ever came by. New keys are what grows it, so they pay for it.
  if (row.inserted) await deleteExpiredCounters(db);
  return { allowed: row.hits <= rule.max, retryAfterSeconds: row.retry_after };
}

/** Whether `key` has used up `rule` in its current window, and how far, without counting. */
export async function peekLimit(
  db: Kysely<Database>,
  rawKey: string,
  rule: LimitRule,
): Promise<LimitOutcome & { hits: number }> {
  const key = storedKey(rawKey);
  const row = await db
    .selectFrom('limit_counters')
    .select([
      'hits',
      sql<number>`greatest(1, ceil(extract(epoch FROM expires_at - now())))::integer`.as(
        'retry_after',
      ),
    ])
    .where('key', '=', key)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return { allowed: true, retryAfterSeconds: rule.windowSeconds, hits: 0 };
  return { allowed: row.hits < rule.max, retryAfterSeconds: row.retry_after, hits: row.hits };
}

/** Keys carry what clients send (request paths, email addresses): long ones are hashed. */
function storedKey(key: string): string {
  if (key.length <= 200) return key;
  return `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

async function deleteExpiredCounters(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('limit_counters').where('expires_at', '<=', sql<Date>`now()`).execute();
}
