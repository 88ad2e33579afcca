import { refreshAnalyticsRollups } from '@coursepack/db/analytics/refresh-analytics-rollups';
import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { canViewCourseAnalytics } from '@/auth/permissions';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/lib/app-error';
import { type ContentStats, getContentStats } from './get-content-stats';
import { parseStatsRange } from './parse-stats-range';

export interface StatsRequest {
  kind: 'document' | 'course';
  /** The `{id}` path segment as received. */
  id: string;
  searchParams: URLSearchParams;
}

const idSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);
const includeBotsSchema = z.enum(['true', 'false']).optional();

/**
 * Everything behind `GET /api/stats/{documents|courses}/{id}` after reading the session: 401
 * without a viewer, 400 naming a bad parameter, 404 for an unknown id, 403 unless the viewer is
 * an admin or owns the course (of the document), then fresh rollups and the figures.
 */
export async function loadStatsForViewer(
  db: Kysely<Database>,
  viewer: Viewer | null,
  request: StatsRequest,
  now: Date = new Date(),
): Promise<ContentStats> {
  if (!viewer) throw new AppError('unauthorized', 'Sign in to see statistics.');
  const id = idSchema.safeParse(request.id);
  if (!id.success) {
    throw new AppError('bad_request', `The ${request.kind} id must be a positive integer`, {
      parameter: 'id',
    });
  }
  const range = parseStatsRange(request.searchParams, now);
  const includeBots = includeBotsSchema.safeParse(
    request.searchParams.get('include_bots') ?? undefined,
  );
  if (!includeBots.success) {
    throw new AppError('bad_request', '`include_bots` must be true or false', {
      parameter: 'include_bots',
    });
  }

  const course =
    request.kind === 'document'
      ? await db
          .selectFrom('documents')
          .innerJoin('courses', 'courses.id', 'documents.course_id')
          .select('courses.owner_id')
          .where('documents.id', '=', id.data)
          .executeTakeFirst()
      : await db
          .selectFrom('courses')
          .select('owner_id')
          .where('id', '=', id.data)
          .executeTakeFirst();
  if (!course) throw new AppError('not_found', `No ${request.kind} has the id ${id.data}.`);
  if (!canViewCourseAnalytics(viewer, course)) {
    throw new AppError('forbidden', `You may only see statistics of your own courses.`);
  }

  await refreshAnalyticsRollups(db);
  const scope =
    request.kind === 'document'
      ? ({ kind: 'document', documentId: id.data } as const)
      : ({ kind: 'course', courseId: id.data } as const);
  return getContentStats(db, scope, range, { includeBots: includeBots.data === 'true' });
}
