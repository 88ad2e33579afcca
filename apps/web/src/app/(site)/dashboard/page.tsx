import type { Metadata } from 'next';
import { DashboardScreen } from '@/components/dashboard/dashboard-screen';

export const metadata: Metadata = { title: 'Dashboard', robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Admins: the whole site. Course owners: all of their courses. */
export default async function DashboardPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <DashboardScreen
      target={{ kind: 'overview' }}
      path="/dashboard"
      searchParams={await searchParams}
    />
  );
}
