import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { getRealtimeSessions, type RealtimeSessions } from '@/analytics/get-realtime-sessions';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/lib/app-error';
import { type DashboardTarget, resolveDashboardAccess } from './resolve-dashboard-access';

const ID = /^[1-9]\d{0,9}$/;
// Course and document ids are PostgreSQL integers.
const MAX_ID = 2_147_483_647;

/**
 * Everything behind `GET /api/stats/realtime` after reading the session: the viewer's overview
 * (no parameter), `?course={id}` or `?document={id}`, bots left out unless `include_bots=true`
 * (the stats API's parameter). The same
 * rules and statuses as the dashboard and the stats API: 401 signed out, 403 for someone else's
 * course or a member without courses, 404 for an unknown id, 400 for a malformed one.
 */
export async function loadRealtimeForViewer(
  db: Kysely<Database>,
  viewer: Viewer | null,
  params: URLSearchParams,
  now: Date = new Date(),
): Promise<RealtimeSessions> {
  const access = await resolveDashboardAccess(db, viewer, parseTarget(params));
  const includeBots = parseIncludeBots(params);
  switch (access.status) {
    case 'signed-out':
      throw new AppError('unauthorized', 'Sign in to see statistics.');
    case 'no-courses':
      throw new AppError('forbidden', 'The dashboard is for course owners.');
    case 'forbidden':
      throw new AppError('forbidden', 'You may only see statistics of your own courses.');
    case 'not-found':
      throw new AppError('not_found', 'No such course or document.');
    case 'allowed':
      return getRealtimeSessions(db, access.view.scope, {
        includeBots,
        now,
      });
  }
}

function parseIncludeBots(params: URLSearchParams): boolean {
  const value = params.get('include_bots');
  if (value === null || value === 'false') return false;
  if (value === 'true') return true;
  throw new AppError('bad_request', '`include_bots` must be true or false', {
    parameter: 'include_bots',
  });
}

function parseTarget(params: URLSearchParams): DashboardTarget {
  const course = params.get('course');
  const document = params.get('document');
  if (course !== null && document !== null) {
    throw new AppError('bad_request', 'Ask for a course or a document, not both.', {
      parameter: 'document',
    });
  }
  for (const [parameter, value] of [
    ['course', course],
    ['document', document],
  ] as const) {
    if (value !== null && !(ID.test(value) && Number(value) <= MAX_ID)) {
      throw new AppError('bad_request', `\`${parameter}\` must be a positive integer`, {
        parameter,
      });
    }
  }
  if (course !== null) return { kind: 'course', courseId: Number(course) };
  if (document !== null) return { kind: 'document', documentId: Number(document) };
  return { kind: 'overview' };
}
