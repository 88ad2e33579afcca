import {
  type RollupRefresh,
  refreshAnalyticsRollups,
} from '@coursepack/analytics/rollups/refresh-analytics-rollups';
import { DAY_MS } from '@coursepack/analytics/time';
import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import {
  type ActivityCourse,
  type DemoEvent,
  generateDemoActivity,
} from './generate-demo-activity';

export interface DemoActivityOptions {
  /** Activity ends here; defaults to now. */
  now?: Date;
  /** How far back it starts. */
  days?: number;
  visitsPerDay?: number;
}

/** 25 columns × 1,000 rows stays under PostgreSQL's 65,535 parameters per statement. */
const BATCH = 1000;

/**
 * Past reading activity for the seeded catalogue, so the dashboard is alive on first start:
 * five weeks of visits (tens of thousands of events) on the published documents, then a
 * rollup refresh.
 */
export async function seedDemoActivity(
  db: Kysely<Database>,
  options: DemoActivityOptions = {},
): Promise<{ events: number; refresh: RollupRefresh }> {
  const now = options.now ?? new Date();
  const documents = await db
    .selectFrom('documents')
    .innerJoin('courses', 'courses.id', 'documents.course_id')
    .select(['documents.id', 'documents.course_id', 'documents.page_count'])
    .where('documents.published', '=', true)
    .where('courses.published', '=', true)
    .orderBy('documents.id')
    .execute();
  const courses = new Map<number, ActivityCourse>();
  for (const document of documents) {
    const course = courses.get(document.course_id) ?? { id: document.course_id, documents: [] };
    course.documents.push({ id: document.id, pageCount: Math.max(1, document.page_count) });
    courses.set(course.id, course);
  }

  let events = 0;
  let batch: DemoEvent[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await db
      .insertInto('events')
      .values(batch)
      .onConflict((c) => c.doNothing())
      .execute();
    events += batch.length;
    batch = [];
  };
  for (const event of generateDemoActivity({
    courses: [...courses.values()],
    from: new Date(now.getTime() - (options.days ?? 35) * DAY_MS),
    to: now,
    visitsPerDay: options.visitsPerDay ?? 30,
  })) {
    batch.push(event);
    if (batch.length === BATCH) await flush();
  }
  await flush();
  return { events, refresh: await refreshAnalyticsRollups(db) };
}
