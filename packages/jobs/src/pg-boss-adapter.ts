import { CompiledQuery, type Kysely } from 'kysely';
import type PgBoss from 'pg-boss';

/**
 * pg-boss running its SQL through one of our Kysely instances or transactions: a job sent this
 * way commits or rolls back with the rows that asked for it (a document and its processing job
 * exist together or not at all), and no second connection pool is opened.
 */
/** All pg-boss needs: what every Kysely and transaction has, whatever its database type. */
export type SqlExecutor = Pick<Kysely<unknown>, 'executeQuery'>;

export function pgBossDb(executor: SqlExecutor): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = await executor.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] as never[] };
    },
  };
}
