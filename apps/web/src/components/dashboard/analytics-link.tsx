import Link from 'next/link';
import { getViewer } from '@/auth/get-viewer';
import { canViewCourseAnalytics } from '@/auth/permissions';
import { findDashboardCourse } from '@/dashboard/resolve-dashboard-access';
import { getDb } from '@/server/server-context';

/** "See how people read this", for the course's owner and admins only (checked here, on the server). */
export async function AnalyticsLink({ courseId, href }: { courseId: number; href: string }) {
  const viewer = await getViewer();
  if (!viewer) return null;
  const course = await findDashboardCourse(await getDb(), courseId);
  if (!course || !canViewCourseAnalytics(viewer, { owner_id: course.ownerId })) return null;
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-1.5 rounded-lg border border-brand-100 bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-800 hover:border-brand-600"
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4" fill="currentColor">
        <rect x="2" y="8" width="3" height="6" rx="0.5" />
        <rect x="6.5" y="4" width="3" height="10" rx="0.5" />
        <rect x="11" y="6" width="3" height="8" rx="0.5" />
      </svg>
      See how people read this
    </Link>
  );
}
