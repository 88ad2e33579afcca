import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Viewer } from '@/auth/viewer';
import { requireDashboardView } from '@/dashboard/require-dashboard-view';
import { AppError } from '@/errors/app-error';
import { type ContentStats, getContentStats } from './get-content-stats';
import { parseStatsRange } from './parse-stats-range';

export interface StatsRequest {
  kind: 'document' | 'course';
  /** The `{id}` path segment as received. */
  id: string;
  searchParams: URLSearchParams;
}

// Any positive integer is well-formed; one beyond the database's ids is simply not found (404).
const idSchema = z
  .string()
  .regex(/^[1-9]\d*$/)
  .transform(Number);
const includeBotsSchema = z.enum(['true', 'false']).optional();

/**
 * Everything behind `GET /api/stats/{documents|courses}/{id}` after reading the session: 401
 * without a viewer, 400 naming a bad parameter, 404 for an unknown id (or a draft the viewer may
 * not see), 403 unless the viewer is an admin or owns the course (of the document), then the
 * figures as the rollups stand (never refreshed here: the worker keeps them current, and the body
 * says how current in `rollups_updated_at`).
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

  const scope =
    request.kind === 'document'
      ? ({ kind: 'document', documentId: id.data } as const)
      : ({ kind: 'course', courseId: id.data } as const);
  await requireDashboardView(db, viewer, scope);
  return getContentStats(db, scope, range, { includeBots: includeBots.data === 'true' });
}
