import { insertCatalogTaxonomy } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { insertCourse } from '@coursepack/db/testing/insert-course';
import { insertDocuments } from '@coursepack/db/testing/insert-document';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoActivity } from './generate-demo-activity';
import { seedDemoActivity } from './seed-demo-activity';

const NOW = new Date('2026-03-20T12:00:00Z');
const courses = Array.from({ length: 10 }, (_, c) => ({
  id: c + 1,
  documents: Array.from({ length: 5 }, (_, d) => ({ id: c * 5 + d + 1, pageCount: 8 + d * 3 })),
}));

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await testDb?.destroy();
});

describe('generateDemoActivity', () => {
  const options = {
    courses,
    from: new Date('2026-03-01T00:00:00Z'),
    to: new Date('2026-03-08T00:00:00Z'),
    visitsPerDay: 30,
  };

  it('produces the same events for the same seed', () => {
    const first = [...generateDemoActivity(options)];
    expect([...generateDemoActivity(options)]).toEqual(first);
    expect([...generateDemoActivity({ ...options, seed: 2 })]).not.toEqual(first);
  });

  it('sends what the tracker sends, inside the window', () => {
    const events = [...generateDemoActivity(options)];
    const kinds = new Set(events.map((event) => `${event.type}/${event.action}`));
    for (const kind of ['page/view', 'scroll/scroll_25', 'scroll/scroll_100', 'status/active']) {
      expect(kinds).toContain(kind);
    }
    const pings = events.filter((event) => event.type === 'status');
    expect(
      pings.every((event) => typeof JSON.parse(event.action_meta ?? '{}').page === 'number'),
    ).toBe(true);
    expect(events.every((event) => event.received_at >= options.from)).toBe(true);
    expect(events.some((event) => event.is_bot)).toBe(true);
  });
});

describe('seedDemoActivity', () => {
  it('fills weeks of activity for the published documents and refreshes the rollups', async () => {
    const { db } = testDb;
    const { north: institution, maths: subject } = await insertCatalogTaxonomy(db);
    for (const course of courses) {
      const courseId = await insertCourse(db, {
        slug: `course-${course.id}`,
        title: `Course ${course.id}`,
        subject_id: subject.id,
        institution_id: institution.id,
      });
      await insertDocuments(
        db,
        course.documents.map((document) => ({
          course_id: courseId,
          slug: `document-${document.id}`,
          title: `Document ${document.id}`,
          page_count: document.pageCount,
        })),
      );
    }

    const { events, refresh } = await seedDemoActivity(db, { now: NOW });
    expect(events).toBeGreaterThan(20_000);
    expect(events).toBeLessThan(100_000);
    expect(refresh).toMatchObject({ kind: 'full', newEvents: events });

    const days = await sql<{ days: number }>`
      SELECT count(DISTINCT date_trunc('day', hour, 'UTC'))::integer AS days
      FROM analytics_session_hours`.execute(db);
    expect(days.rows[0]?.days).toBeGreaterThanOrEqual(35);
  });
});
