import {
  getRealtimeSessions,
  type RealtimeSessions,
} from '@coursepack/analytics/queries/get-realtime-sessions';
import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import { noSuchIdMessage, readRef } from '@/catalog/refs';
import { AppError } from '@/errors/app-error';
import { requireDashboardView } from './require-dashboard-view';
import type { DashboardTarget } from './resolve-dashboard-access';

/**
 * Everything behind `GET /api/stats/realtime` after reading the session: the viewer's overview
 * (no parameter), `?course={id}` or `?document={id}`, bots left out unless `include_bots=true`
 * (the stats API's parameter). The same rules and statuses as the dashboard and the stats API,
 * in its order: 401 signed out, 400 for a malformed parameter, 404 for an unknown id (or a draft
 * the viewer may not see), 403 for someone else's course or a member without courses.
 */
export async function loadRealtimeForViewer(
  db: Kysely<Database>,
  viewer: Viewer | null,
  params: URLSearchParams,
  now: Date = new Date(),
): Promise<RealtimeSessions> {
  if (!viewer) throw new AppError('unauthorized', 'Sign in to see statistics.');
  const target = parseTarget(params);
  const includeBots = parseIncludeBots(params);
  // Answered after the parameters are read, in the stats API's order.
  if (target instanceof AppError) throw target;
  const view = await requireDashboardView(db, viewer, target);
  return getRealtimeSessions(db, view.scope, { includeBots, now });
}

function parseIncludeBots(params: URLSearchParams): boolean {
  const value = params.get('include_bots');
  if (value === null || value === 'false') return false;
  if (value === 'true') return true;
  throw new AppError('bad_request', '`include_bots` must be true or false', {
    parameter: 'include_bots',
  });
}

/** The target, or the 404 of an id beyond the database's ones, to answer once all is read. */
function parseTarget(params: URLSearchParams): DashboardTarget | AppError {
  const course = params.get('course');
  const document = params.get('document');
  if (course !== null && document !== null) {
    throw new AppError('bad_request', 'Ask for a course or a document, not both.', {
      parameter: 'document',
    });
  }
  const [parameter, value] =
    course !== null ? (['course', course] as const) : (['document', document] as const);
  if (value === null) return { kind: 'overview' };
  // readRef's rule, as everywhere: `12` or `12-slug`.
  const ref = readRef(value);
  if (ref === 'malformed') {
    throw new AppError('bad_request', `\`${parameter}\` must be a positive integer`, {
      parameter,
    });
  }
  if (ref === 'out-of-range') return new AppError('not_found', noSuchIdMessage(parameter, value));
  return parameter === 'course'
    ? { kind: 'course', courseId: ref.id }
    : { kind: 'document', documentId: ref.id };
}
