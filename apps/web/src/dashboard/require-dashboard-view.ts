import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/errors/app-error';
import {
  type DashboardTarget,
  type DashboardView,
  resolveDashboardAccess,
} from './resolve-dashboard-access';

/**
 * The view the stats API and the realtime panel answer for, or their error: 401 signed out, 404
 * unknown (or a draft the viewer may not see), 403 someone else's course or no course at all.
 */
export async function requireDashboardView(
  db: Kysely<Database>,
  viewer: Viewer | null,
  target: DashboardTarget,
): Promise<DashboardView> {
  const access = await resolveDashboardAccess(db, viewer, target);
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
      return access.view;
  }
}
