import { installJobQueue } from '@coursepack/jobs/install-job-queue';
import { type Kysely, Migrator } from 'kysely';
import { migrations } from './migrations';

/**
 * Applies every pending migration, then installs the job queue (pg-boss's own schema, which
 * pg-boss versions and migrates itself, and our queues); throws with the failing migration's name.
 * Refuses, before applying anything, a database that has run a migration this code does not have
 * (Kysely's check): one migrated by a newer version, or by a migration since renamed or removed.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      failed
        ? `Migration ${failed.migrationName} failed: ${reason}`
        : `Migrations could not run: ${reason}`,
    );
  }
  await installJobQueue(db);
  return results.filter((result) => result.status === 'Success').map((r) => r.migrationName);
}
