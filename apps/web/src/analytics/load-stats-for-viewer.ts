import {
  type ContentStats,
  getContentStats,
} from '@coursepack/analytics/queries/get-content-stats';
import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Viewer } from '@/auth/viewer';
import { noSuchIdMessage, readRef } from '@/catalog/refs';
import { requireDashboardView } from '@/dashboard/require-dashboard-view';
import { AppError } from '@/errors/app-error';
import { parseStatsRange } from './parse-stats-range';

export interface StatsRequest {
  kind: 'document' | 'course';
  /** The `{id}` path segment as received. */
  id: string;
  searchParams: URLSearchParams;
}

const includeBotsSchema = z.enum(['true', 'false']).optional();

/**
 * Everything behind `GET /api/stats/{documents|courses}/{id}` after reading the session: 401
 * without a viewer, 400 naming a bad parameter, 404 for an unknown id (one beyond 2147483647 included) (or a draft the viewer may
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
  // readRef's rule, as everywhere: `12` or `12-slug`; an id beyond the database's is a 404, once
  // the other parameters have been read (the documented order).
  const id = readRef(request.id);
  if (id === 'malformed') {
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

  if (id === 'out-of-range') {
    throw new AppError('not_found', noSuchIdMessage(request.kind, request.id));
  }
  const scope =
    request.kind === 'document'
      ? ({ kind: 'document', documentId: id.id } as const)
      : ({ kind: 'course', courseId: id.id } as const);
  await requireDashboardView(db, viewer, scope);
  return getContentStats(db, scope, range, { includeBots: includeBots.data === 'true' });
}
