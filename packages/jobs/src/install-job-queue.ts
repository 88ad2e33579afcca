import PgBoss from 'pg-boss';
import { pgBossDb, type SqlExecutor } from './pg-boss-adapter';
import { JOB_QUEUE_SCHEMA, QUEUE_NAMES, QUEUE_POLICIES } from './queues';

/**
 * Creates pg-boss's schema (or migrates it to this pg-boss version's) and every queue of
 * queues.ts with its current policy. Idempotent, and safe from several processes at once (pg-boss
 * takes an advisory lock around its own migrations). Part of `migrateToLatest`, so whatever
 * migrates the database (npm start, the tests' template, an operator) can also enqueue.
 */
export async function installJobQueue(db: SqlExecutor): Promise<void> {
  const boss = new PgBoss({
    db: pgBossDb(db),
    schema: JOB_QUEUE_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  boss.on('error', (error) => console.error('pg-boss:', error));
  await boss.start();
  try {
    await applyQueuePolicies(boss);
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

/** Creates missing queues and brings existing ones to queues.ts's policy. */
export async function applyQueuePolicies(boss: PgBoss): Promise<void> {
  for (const name of QUEUE_NAMES) {
    const policy = QUEUE_POLICIES[name];
    const existing = await boss.getQueue(name);
    if (!existing) await boss.createQueue(name, { name, ...policy });
    // Every field, the policy too (pg-boss sets an omitted one to `standard`); jobs copy them
    // when they are sent, so jobs already waiting keep theirs.
    else await boss.updateQueue(name, { name, ...policy });
  }
}
