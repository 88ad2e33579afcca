import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { parseRef } from '@/catalog/refs';
import { DashboardScreen } from '@/components/dashboard/dashboard-screen';
import { dashboardDocumentPath } from '@/dashboard/dashboard-query';

export const metadata: Metadata = { title: 'Document dashboard', robots: { index: false } };

type Params = Promise<{ documentRef: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function DocumentDashboardPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const ref = parseRef((await params).documentRef);
  if (!ref) notFound();
  return (
    <DashboardScreen
      target={{ kind: 'document', documentId: ref.id }}
      path={dashboardDocumentPath(ref)}
      searchParams={await searchParams}
    />
  );
}
