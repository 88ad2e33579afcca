import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { parseRef } from '@/catalog/refs';
import { DashboardScreen } from '@/components/dashboard/dashboard-screen';
import { dashboardCoursePath } from '@/dashboard/dashboard-query';

export const metadata: Metadata = { title: 'Course dashboard', robots: { index: false } };

type Params = Promise<{ courseRef: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CourseDashboardPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const ref = parseRef((await params).courseRef);
  if (!ref) notFound();
  return (
    <DashboardScreen
      target={{ kind: 'course', courseId: ref.id }}
      path={dashboardCoursePath(ref)}
      searchParams={await searchParams}
    />
  );
}
