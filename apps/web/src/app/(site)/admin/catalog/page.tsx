import type { Metadata } from 'next';
import { forbidden } from 'next/navigation';
import { getViewer } from '@/auth/get-viewer';
import { canManageCatalog } from '@/auth/permissions';
import { CatalogListEditor } from '@/components/courses/catalog-list-editor';
import { SignInPrompt } from '@/components/members/sign-in-prompt';
import { listCatalogEntries } from '@/courses/list-catalog-entries';
import { getDbNow } from '@/server/server-context';

export const metadata: Metadata = { title: 'Institutions and subjects', robots: { index: false } };

export default async function CatalogAdminPage() {
  const viewer = await getViewer();
  if (!viewer) {
    return (
      <SignInPrompt
        title="Institutions and subjects"
        reason="Sign in as an admin to rename and merge the institutions and subjects courses are filed under."
        returnTo="/admin/catalog"
      />
    );
  }
  if (!canManageCatalog(viewer)) forbidden();
  // The primary: an admin who has just merged two must not see the merged one again.
  const db = getDbNow();
  const [institutions, subjects] = await Promise.all([
    listCatalogEntries(db, viewer, 'institutions'),
    listCatalogEntries(db, viewer, 'subjects'),
  ]);
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-3xl font-bold tracking-tight">Institutions and subjects</h1>
      <p className="mt-2 text-slate-600">
        Members name these when they create a course; names that differ only in capitals, accents or
        spaces are already the same. Rename one to correct its spelling, or merge two that are the
        same place or subject under different names: its courses move to the other and it is
        removed.
      </p>
      <div className="mt-8 space-y-10">
        <CatalogListEditor list="institutions" title="Institutions" entries={institutions} />
        <CatalogListEditor list="subjects" title="Subjects" entries={subjects} />
      </div>
    </div>
  );
}
