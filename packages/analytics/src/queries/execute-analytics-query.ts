import type { Database } from '@coursepack/db/schema';
import { type Kysely, type QueryResult, type RawBuilder, sql } from 'kysely';

/**
 * Memory for one analytics query's sorts and hash tables. A month of a whole site is a few
 * hundred thousand rows to group by session; at the server's default (4 MB) they spill to disk
 * and take twice as long. Local to the query's transaction, so nothing else gets it.
 */
const WORK_MEM = '48MB';

/** Runs a dashboard query in its own transaction with `work_mem` raised for it alone. */
export async function executeAnalyticsQuery<Row>(
  db: Kysely<Database>,
  query: RawBuilder<Row>,
): Promise<QueryResult<Row>> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('work_mem', ${WORK_MEM}, true)`.execute(trx);
    return query.execute(trx);
  });
}
