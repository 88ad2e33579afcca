import { getRealtimeSessions } from '@coursepack/analytics/queries/get-realtime-sessions';
import { forbidden, notFound, redirect } from 'next/navigation';
import { getViewer } from '@/auth/get-viewer';
import { parseDashboardQuery } from '@/dashboard/dashboard-query';
import { loadDashboard } from '@/dashboard/load-dashboard';
import { type DashboardTarget, resolveDashboardAccess } from '@/dashboard/resolve-dashboard-access';
import { getDb } from '@/server/server-context';
import { DashboardNotice } from './dashboard-notice';
import { DashboardView } from './dashboard-view';

/**
 * What the three dashboard pages share: access (sign in, no courses yet, someone else's course
 * → 403 like the stats API, unknown → 404), then the figures for the URL's range and options.
 */
export async function DashboardScreen({
  target,
  path,
  searchParams,
}: {
  target: DashboardTarget;
  path: string;
  searchParams: Record<string, string | string[] | undefined>;
}) {
  const db = await getDb();
  const access = await resolveDashboardAccess(db, await getViewer(), target);
  // Dashboard paths are built from ids and slugs: nothing in them needs encoding.
  if (access.status === 'signed-out') redirect(`/sign-in?next=${path}`);
  if (access.status === 'not-found') notFound();
  if (access.status === 'forbidden') forbidden();
  switch (access.status) {
    case 'no-courses':
      return (
        <DashboardNotice
          eyebrow="Dashboard"
          title="See how people read your courses"
          action={{ href: '/courses/new', label: 'Create a course' }}
        >
          <p>
            The dashboard is for course owners: visitors, reading time, how far readers get in each
            document and where they stop. Create a course and upload a document, and its figures
            appear here.
          </p>
        </DashboardNotice>
      );
    case 'allowed': {
      const request = parseDashboardQuery(searchParams);
      const includeBots = request.query.includeBots;
      // Not awaited: the page streams the panel in when it is ready (its raw read grows with
      // the traffic); a failure shows there, not as an error page.
      const realtime = getRealtimeSessions(db, access.view.scope, { includeBots }).catch(
        (error: unknown) => {
          console.error('realtime panel:', error);
          return null;
        },
      );
      const data = await loadDashboard(db, access.view, request.range, {
        includeBots,
        previous: request.previous,
      });
      return (
        <DashboardView
          view={access.view}
          data={data}
          realtime={realtime}
          request={request}
          path={path}
        />
      );
    }
  }
}
