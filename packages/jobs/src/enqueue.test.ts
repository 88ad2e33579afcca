import { insertOpticsCourse } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { insertDocument } from '@coursepack/db/testing/insert-document';
import { insertUsers } from '@coursepack/db/testing/insert-user';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueue } from './enqueue';
import { installJobQueue } from './install-job-queue';

let database: TestDatabase;

// Each test reads whole queues: it gets a database (a clone of the migrated template) of its own.
beforeEach(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  await database.destroy();
});

async function jobsOf(queue: string) {
  const { rows } = await sql<{ data: unknown; state: string; retry_limit: number }>`
    SELECT data, state, retry_limit FROM pgboss.job WHERE name = ${queue} ORDER BY created_on`.execute(
    database.db,
  );
  return rows;
}

describe('enqueue', () => {
  it('adds a job with its queue’s policy when the transaction commits', async () => {
    await database.db.transaction().execute(async (trx) => {
      await enqueue(trx, 'destroy-media', { publicId: 'documents/a' });
    });
    expect(await jobsOf('destroy-media')).toEqual([
      { data: { publicId: 'documents/a' }, state: 'created', retry_limit: 10 },
    ]);
  });

  it('adds nothing when the transaction that sent it rolls back', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueue(trx, 'send-mail', { to: 'a@example.com', subject: 'Hi', text: 'Hello' });
        throw new Error('the rows it was about were not written');
      }),
    ).rejects.toThrow('not written');
    expect(await jobsOf('send-mail')).toEqual([]);
  });

  it('keeps one waiting processing job per document, and one per other document', async () => {
    const first = await enqueue(database.db, 'process-document', { documentId: 7 });
    const again = await enqueue(database.db, 'process-document', { documentId: 7 });
    const other = await enqueue(database.db, 'process-document', { documentId: 8 });
    expect(first).toEqual(expect.any(String));
    expect(again).toBeNull();
    expect(other).toEqual(expect.any(String));
  });

  it('puts a member’s documents behind other members’ (priority: minus their others waiting)', async () => {
    const { db } = database;
    const courseId = await insertOpticsCourse(db);
    await insertUsers(db, [{ id: 'alice' }, { id: 'bob' }]);
    const upload = async (ownerId: string) => {
      const id = await insertDocument(db, {
        course_id: courseId,
        slug: 'notes',
        title: 'Notes',
        owner_id: ownerId,
        published: false,
      });
      await enqueue(db, 'process-document', { documentId: id });
      return id;
    };
    const alices = [await upload('alice'), await upload('alice'), await upload('alice')];
    const bobs = await upload('bob');
    const { rows } = await sql<{ document_id: number; priority: number }>`
      SELECT (data->>'documentId')::int AS document_id, priority FROM pgboss.job
      WHERE name = 'process-document' ORDER BY priority DESC, created_on`.execute(db);
    expect(rows).toEqual([
      { document_id: alices[0], priority: 0 },
      { document_id: bobs, priority: 0 },
      { document_id: alices[1], priority: -1 },
      { document_id: alices[2], priority: -2 },
    ]);
    // A long reading's next turn (sent while its own job runs) goes behind Bob's waiting one.
    await sql`UPDATE pgboss.job SET state = 'active' WHERE data->>'documentId' = ${String(alices[0])}`.execute(
      db,
    );
    await enqueue(db, 'process-document', {
      documentId: alices[0] ?? 0,
      resume: {
        fromPage: 60,
        spentMs: 20_000,
        charsLeft: 1,
        ocrLeft: 1,
        ocrPending: [],
        ocrCutNoted: false,
      },
    });
    const next = await sql<{ priority: number }>`
      SELECT priority FROM pgboss.job WHERE state = 'created' AND data ? 'resume'`.execute(db);
    expect(next.rows).toEqual([{ priority: -2 }]);
  });

  it('keeps at most one waiting analytics refresh, whoever sends it', async () => {
    const sent = await Promise.all(
      [1, 2, 3].map(() => enqueue(database.db, 'refresh-analytics', {})),
    );
    expect(sent.filter((id) => id !== null)).toHaveLength(1);
  });

  it('installs again without harm (every process that migrates runs it)', async () => {
    await enqueue(database.db, 'destroy-media', { publicId: 'documents/kept' });
    await installJobQueue(database.db);
    await installJobQueue(database.db);
    expect(await jobsOf('destroy-media')).toHaveLength(1);
  });
});
