import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '@coursepack/db/find-free-port';
import type { Database } from '@coursepack/db/schema';
import { insertOpticsCourse } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { insertDocument } from '@coursepack/db/testing/insert-document';
import { insertUser } from '@coursepack/db/testing/insert-user';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import { sharedLineArtPdf } from '@coursepack/hostile-files/hostile-pdfs';
import { uploadAsset } from '@coursepack/images/upload-asset';
import { enqueue } from '@coursepack/jobs/enqueue';
import {
  JOB_QUEUE_SCHEMA,
  QUEUE_POLICIES,
  type QueueName,
  type QueuePolicy,
} from '@coursepack/jobs/queues';
import {
  startTestMediaService,
  type TestMediaService,
} from '@coursepack/media/testing/start-test-media-service';
import { type Kysely, sql } from 'kysely';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWorkerConfig, type WorkerConfig } from './config';
import { PDF_TEXT_LIMITS } from './documents/pdf-text-limits';
import { DEFAULT_DOCUMENT_TIMEOUT_MS, GAVE_UP } from './documents/process-document';
import type { MailMessage } from './mail/create-mailer';
import { type RunningWorker, startWorker } from './start-worker';
import { makeScannedPdf, SCANNED_PAGE_LINES } from './testing/make-scanned-pdf';
import {
  SPECIMEN_LINE,
  STANDARD_FONT_NAMES,
  standardFontSpecimenPdf,
  textPdf,
} from './testing/pdf-fixtures';

/**
 * Worker processes against a real database, media service and job queue: jobs shared by two
 * workers, a worker killed with SIGKILL in the middle of a document, mail retried, files deleted.
 */

let database: TestDatabase;
let db: Kysely<Database>;
let media: TestMediaService;
let dataDir: string;
let config: WorkerConfig;
let env: Record<string, string>;
/** The test's own pg-boss: steers queue policies, and runs maintenance (expiry) every second. */
let boss: PgBoss;
let courseId = 0;

const repositoryRoot = path.resolve(import.meta.dirname, '..', '..', '..');

beforeAll(async () => {
  [database, media] = await Promise.all([createTestDatabase(), startTestMediaService()]);
  db = database.db;
  dataDir = await mkdtemp(path.join(tmpdir(), 'coursepack-worker-'));
  env = {
    DATABASE_URL: database.url,
    MEDIA_BASE_URL: media.delivery.baseUrl,
    MEDIA_API_URL: media.credentials.apiBaseUrl,
    MEDIA_CLOUD_NAME: media.credentials.cloudName,
    MEDIA_API_KEY: media.credentials.apiKey,
    MEDIA_API_SECRET: media.credentials.apiSecret,
    DATA_DIR: dataDir,
  };
  config = parseWorkerConfig(env);
  boss = new PgBoss({
    connectionString: database.url,
    schema: JOB_QUEUE_SCHEMA,
    supervise: true,
    schedule: false,
    migrate: false,
    maintenanceIntervalSeconds: 1,
  });
  boss.on('error', () => {});
  await boss.start();
  courseId = await insertOpticsCourse(db);
});

afterAll(async () => {
  await boss?.stop({ graceful: false });
  await Promise.all([database?.destroy(), media?.close()]);
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * The queue's production policy with `overrides` (none: back to production). Every field is
 * given: pg-boss's updateQueue sets an omitted policy to `standard`.
 */
async function steerQueue(queue: QueueName, overrides: Partial<QueuePolicy> = {}): Promise<void> {
  await boss.updateQueue(queue, { name: queue, ...QUEUE_POLICIES[queue], ...overrides });
}

/** What an upload does (apps/web/src/documents/upload-document.ts): the file, then row and job at once. */
async function addDocument(bytes: Uint8Array, ownerId: string | null = null): Promise<number> {
  const asset = await uploadAsset(media.credentials, {
    file: bytes,
    filename: 'document.pdf',
    publicId: `documents/${randomUUID()}`,
    resourceType: 'auto',
  });
  return db.transaction().execute(async (trx) => {
    const id = await insertDocument(trx, {
      course_id: courseId,
      slug: 'notes',
      title: 'Notes',
      media_asset_id: asset.public_id,
      size_bytes: bytes.byteLength,
      status: 'processing',
      owner_id: ownerId,
    });
    await enqueue(trx, 'process-document', { documentId: id });
    return id;
  });
}

async function addMember(name: string): Promise<string> {
  const id = randomUUID();
  return insertUser(db, { id, name, email: `${name}-${id}@example.org` });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`Still waiting after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function statuses(ids: number[]) {
  return db
    .selectFrom('documents')
    .select(['id', 'status', 'page_count', 'failure_reason'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

/** A document's stored pages, in order. */
async function pagesOf(documentId: number) {
  return db
    .selectFrom('document_pages')
    .select(['page_number', 'body'])
    .where('document_id', '=', documentId)
    .orderBy('page_number')
    .execute();
}

async function jobsOf(queue: string) {
  const { rows } = await sql<{ id: string; data: unknown; state: string; retry_count: number }>`
    SELECT id, data, state, retry_count FROM pgboss.job WHERE name = ${queue}
    ORDER BY created_on`.execute(db);
  return rows;
}

function startWorkerProcess(): ChildProcess {
  return spawn(
    path.join(repositoryRoot, 'node_modules', '.bin', 'tsx'),
    ['apps/worker/src/main.ts'],
    {
      cwd: repositoryRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
      // Its own process group: SIGKILL reaches the worker and the reading child it started.
      detached: true,
    },
  );
}

describe('two workers on one database', () => {
  it('run each document job exactly once', async () => {
    const lines: string[] = [];
    const workers: RunningWorker[] = await Promise.all(
      [1, 2].map((n) => startWorker({ db, config, log: (line) => lines.push(`${n} ${line}`) })),
    );
    try {
      const ids: number[] = [];
      for (let n = 0; n < 6; n += 1) {
        ids.push(await addDocument(await textPdf([`Shared queue document ${n}`, 'Second page'])));
      }
      const done = await until(
        () => statuses(ids),
        (rows) => rows.every((row) => row.status === 'ready'),
      );
      expect(done.map((row) => row.page_count)).toEqual([2, 2, 2, 2, 2, 2]);
      const ours = (all: Awaited<ReturnType<typeof jobsOf>>) =>
        all.filter((job) => ids.includes((job.data as { documentId: number }).documentId));
      const jobs = ours(
        await until(
          () => jobsOf('process-document'),
          (all) => ours(all).every((job) => job.state === 'completed'),
        ),
      );
      // One "ready" line per document, whichever worker wrote it.
      for (const id of ids) {
        expect(lines.filter((line) => line.includes(`document ${id} ready`))).toHaveLength(1);
      }
      expect(jobs.map((job) => [job.state, job.retry_count])).toEqual(
        ids.map(() => ['completed', 0]),
      );
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  });
});

describe('members sharing the only document worker', () => {
  it('reads another member’s small document while one member’s huge one takes turns', {
    timeout: 240_000,
  }, async () => {
    const [alice, bob] = await Promise.all([addMember('alice'), addMember('bob')]);
    const worker = await startWorker({ db, config, log: () => {} });
    let huge = 0;
    try {
      // The second attack probe's file: 2,000 pages sharing one stream of line segments (30,000
      // here, as many as the probe's turns need). It held the only worker for 11 minutes; a
      // 3-page document queued behind it was ready 12 minutes later.
      huge = await addDocument(await sharedLineArtPdf({ pages: 2000, segments: 30_000 }), alice);
      await until(
        () => jobsOf('process-document'),
        (jobs) =>
          jobs.some(
            (job) =>
              job.state === 'active' && (job.data as { documentId: number }).documentId === huge,
          ),
      );
      // While it is read: two more of Alice's, then Bob's first.
      const alices = [
        await addDocument(await textPdf(['Alice second']), alice),
        await addDocument(await textPdf(['Alice third']), alice),
      ];
      const bobs = await addDocument(await textPdf(['Bob one', 'Bob two', 'Bob three']), bob);
      const small = [bobs, ...alices];
      await until(
        () => statuses(small),
        (rows) => rows.every((row) => row.status === 'ready'),
        180_000,
      );
      // The huge document is still being read, in turns, its first pages already stored.
      expect((await statuses([huge]))[0]?.status).toBe('processing');
      const stored = await db
        .selectFrom('document_pages')
        .select((eb) => eb.fn.countAll<string>().as('pages'))
        .where('document_id', '=', huge)
        .executeTakeFirstOrThrow();
      expect(Number(stored.pages)).toBeGreaterThan(0);
      expect(Number(stored.pages)).toBeLessThan(2000);
      // Turns go round members: Bob's first document before Alice's second and third, though
      // they were queued before it.
      const finished = await db
        .selectFrom('documents')
        .select(['id', 'updated_at'])
        .where('id', 'in', small)
        .orderBy('updated_at')
        .execute();
      expect(finished.map((row) => row.id)).toEqual([bobs, ...alices]);
    } finally {
      // Deleted, its next turn finds nothing to do.
      if (huge) await db.deleteFrom('documents').where('id', '=', huge).execute();
      await worker.stop();
    }
  });

  it('ends a reading at the document time limit, ready with the pages read and a note', {
    timeout: 120_000,
  }, async () => {
    const worker = await startWorker({
      db,
      config: { ...config, documentTimeoutMs: 5_000 },
      limits: { ...PDF_TEXT_LIMITS, sliceMs: 1_000 },
      log: () => {},
    });
    try {
      const id = await addDocument(await sharedLineArtPdf({ pages: 300, segments: 30_000 }));
      const [row] = await until(
        () => statuses([id]),
        (rows) => rows[0]?.status !== 'processing',
      );
      expect(row).toMatchObject({ status: 'ready', page_count: 300, failure_reason: null });
      const pages = await pagesOf(id);
      expect(pages.map((page) => page.page_number)).toEqual(
        Array.from({ length: 300 }, (_, index) => index + 1),
      );
      const notes = pages.filter((page) => page.body.startsWith('[Text not read:'));
      expect(notes.map((page) => page.body)).toEqual([
        '[Text not read: Coursepack spends at most 5 seconds reading one document; this page and the later ones are shown but not searchable.]',
      ]);
    } finally {
      await worker.stop();
    }
  });
});

describe('a worker killed in the middle of a document', () => {
  it('has its job retried by another within minutes, and the document ends ready once, OCR and all', {
    timeout: 240_000,
  }, async () => {
    // Production's expiry must stay under the document time limit (a job holds one turn of
    // reading, so 5 minutes; it was 30, and the document stayed "processing" that long). The
    // recovery itself runs with a shorter expiry and retry, long enough for one turn: waiting
    // out production's 5 idle minutes would prove nothing more and hold the suite up.
    expect(QUEUE_POLICIES['process-document'].expireInSeconds * 1000).toBeLessThan(
      DEFAULT_DOCUMENT_TIMEOUT_MS,
    );
    const expireInSeconds = 60;
    await steerQueue('process-document', { expireInSeconds, retryDelay: 1, retryBackoff: false });
    const killed = startWorkerProcess();
    let output = '';
    killed.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    await until(
      async () => output,
      (text) => text.includes('worker taking jobs'),
      60_000,
    );
    // Four scanned pages: OCR takes seconds, so the kill lands mid-document even on a quiet
    // machine (two pages were once read whole before it).
    const id = await addDocument(await makeScannedPdf({ pages: 4 }));
    try {
      await until(
        () => jobsOf('process-document'),
        (jobs) => jobs.some((job) => job.state === 'active'),
      );
      // Mid-document: reading, recognising the first pages.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect((await statuses([id]))[0]?.status).toBe('processing');
    } finally {
      // Never left running: it would take the next tests' jobs.
      process.kill(-(killed.pid ?? 0), 'SIGKILL');
    }

    const survivor = await startWorker({ db, config, log: () => {} });
    try {
      const [row] = await until(
        () => statuses([id]),
        (rows) => rows[0]?.status !== 'processing',
        (expireInSeconds + 120) * 1000,
      );
      expect(row).toMatchObject({ status: 'ready', page_count: 4, failure_reason: null });
      const pages = await pagesOf(id);
      expect(pages.map((page) => page.page_number)).toEqual([1, 2, 3, 4]);
      expect(pages[0]?.body).toContain('zorblax');
      const ours = (jobs: Awaited<ReturnType<typeof jobsOf>>) =>
        jobs.find((candidate) => (candidate.data as { documentId: number }).documentId === id);
      const jobs = await until(
        () => jobsOf('process-document'),
        (all) => ours(all)?.state === 'completed',
      );
      expect(ours(jobs)).toMatchObject({ state: 'completed', retry_count: 1 });
      // Findable by a word only the scan holds.
      const hits = await sql<{ document_id: number }>`
        SELECT DISTINCT document_id FROM document_pages
        WHERE search_vector @@ websearch_to_tsquery('english', 'zorblax')`.execute(db);
      expect(hits.rows).toEqual([{ document_id: id }]);
      expect(SCANNED_PAGE_LINES[0]).toContain('zorblax');
    } finally {
      await survivor.stop();
      await steerQueue('process-document');
    }
  });

  it('logs why an attempt failed, and that every attempt did when the queue gives up', async () => {
    await steerQueue('process-document', { retryLimit: 0 });
    const lines: string[] = [];
    // The media service is unreachable (nothing listens there): every attempt fails to fetch
    // the original.
    const port = await findFreePort();
    const unreachable = { ...config.mediaDelivery, baseUrl: `http://127.0.0.1:${port}` };
    const worker = await startWorker({
      db,
      config: { ...config, mediaDelivery: unreachable },
      log: (line) => lines.push(line),
    });
    try {
      const id = await addDocument(await textPdf(['Never fetched']));
      const [row] = await until(
        () => statuses([id]),
        (rows) => rows[0]?.status !== 'processing',
      );
      expect(row).toMatchObject({ status: 'failed', failure_reason: GAVE_UP });
      const ours = lines.filter((line) => line.startsWith(`document ${id}`));
      expect(ours[0]).toMatch(
        new RegExp(`^document ${id}: attempt failed \\(.*\\): .*fetch failed`),
      );
      expect(ours.at(-1)).toBe(`document ${id} failed: every attempt failed or was cut short`);
    } finally {
      await worker.stop();
      await steerQueue('process-document');
    }
  });

  it('marks the document failed when its last attempt fails', async () => {
    await steerQueue('process-document', { retryLimit: 0 });
    const id = await addDocument(await textPdf(['Never read']));
    // Taken by "a worker" that then fails it, as an expired last attempt does.
    const [job] = await boss.fetch<{ documentId: number }>('process-document');
    expect(job?.data.documentId).toBe(id);
    await boss.fail('process-document', job?.id ?? '');
    const worker = await startWorker({ db, config, log: () => {} });
    try {
      const [row] = await until(
        () => statuses([id]),
        (rows) => rows[0]?.status !== 'processing',
      );
      expect(row).toMatchObject({ status: 'failed', failure_reason: GAVE_UP });
    } finally {
      await worker.stop();
      await steerQueue('process-document');
    }
  });
});

describe('real-world PDFs', () => {
  it('reads a specimen of the 14 standard fonts, none embedded, with text on every page', {
    timeout: 120_000,
  }, async () => {
    // One attempt: a file that fails every attempt (the symptom) fails this one.
    await steerQueue('process-document', { retryLimit: 0 });
    const worker = await startWorker({ db, config, log: () => {} });
    try {
      const id = await addDocument(standardFontSpecimenPdf());
      const [row] = await until(
        () => statuses([id]),
        (rows) => rows[0]?.status !== 'processing',
      );
      expect(row).toMatchObject({ status: 'ready', page_count: 14, failure_reason: null });
      const pages = await db
        .selectFrom('document_pages')
        .select(['body', 'text_layer'])
        .where('document_id', '=', id)
        .orderBy('page_number')
        .execute();
      expect(pages.map((page) => page.body.split('\n')[0])).toEqual(
        STANDARD_FONT_NAMES.map((name) => `Font name: ${name.toUpperCase()}`),
      );
      // The line under each table, in the page's own font (Symbol's letters are Greek).
      for (const page of pages.slice(0, 12)) expect(page.body).toContain(SPECIMEN_LINE);
      for (const page of pages) expect(page.text_layer?.runs.length).toBeGreaterThan(150);
    } finally {
      await worker.stop();
      await steerQueue('process-document');
    }
  });
});

describe('mail and media clean-up', () => {
  it('retries mail while the mail server fails, and sends it once it answers', {
    timeout: 60_000,
  }, async () => {
    await steerQueue('send-mail', { retryDelay: 1, retryBackoff: false });
    const attempts: MailMessage[] = [];
    const flakyMailer = {
      async send(message: MailMessage) {
        attempts.push(message);
        if (attempts.length === 1) throw new Error('421 Service not available');
      },
    };
    const worker = await startWorker({ db, config, mailer: flakyMailer, log: () => {} });
    try {
      const message = { to: 'reader@example.org', subject: 'Verify', text: 'Click the link' };
      await enqueue(db, 'send-mail', message);
      const [job] = await until(
        () => jobsOf('send-mail'),
        (jobs) => jobs[0]?.state === 'completed',
      );
      expect(job).toMatchObject({ retry_count: 1 });
      expect(attempts).toEqual([message, message]);
    } finally {
      await worker.stop();
      await steerQueue('send-mail');
    }
  });

  it('deletes a file nothing refers to any more', async () => {
    const asset = await uploadAsset(media.credentials, {
      file: await textPdf(['To be deleted']),
      filename: 'gone.pdf',
      publicId: `documents/${randomUUID()}`,
      resourceType: 'auto',
    });
    const original = `${media.delivery.baseUrl}/${media.delivery.cloudName}/image/upload/${asset.public_id}.pdf`;
    expect((await fetch(original)).status).toBe(200);
    const worker = await startWorker({ db, config, log: () => {} });
    try {
      await enqueue(db, 'destroy-media', { publicId: asset.public_id });
      await until(
        () => fetch(original).then((response) => response.status),
        (status) => status === 404,
      );
    } finally {
      await worker.stop();
    }
  });
});
