import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { getViewer } from '@/auth/get-viewer';
import { CourseGrid } from '@/components/course-card';
import { DocumentRow } from '@/components/document-row';
import { SignInPrompt } from '@/components/members/sign-in-prompt';
import { listLibrary } from '@/members/list-library';
import { getDb } from '@/server/server-context';

export const metadata: Metadata = { title: 'My library', robots: { index: false } };

export default async function LibraryPage() {
  const viewer = await getViewer();
  if (!viewer) {
    return (
      <SignInPrompt
        title="My library"
        reason="Sign in to keep the courses you follow and the documents you bookmark in one place."
        returnTo="/library"
      />
    );
  }
  const library = await listLibrary(await getDb(), viewer);
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight">My library</h1>
      <section aria-labelledby="followed-courses" className="mt-8">
        <h2 id="followed-courses" className="mb-3 text-xl font-semibold tracking-tight">
          Courses you follow{' '}
          <span className="text-base font-normal text-slate-500">({library.courses.length})</span>
        </h2>
        {library.courses.length === 0 ? (
          <EmptyState>
            You don’t follow any course yet. Open a course in the{' '}
            <Link href="/courses" className="font-medium text-brand-700 hover:underline">
              catalogue
            </Link>{' '}
            and choose <strong>Follow</strong> to find it here.
          </EmptyState>
        ) : (
          <CourseGrid courses={library.courses} />
        )}
      </section>
      <section aria-labelledby="bookmarked-documents" className="mt-10">
        <h2 id="bookmarked-documents" className="mb-3 text-xl font-semibold tracking-tight">
          Bookmarked documents{' '}
          <span className="text-base font-normal text-slate-500">({library.documents.length})</span>
        </h2>
        {library.documents.length === 0 ? (
          <EmptyState>
            No bookmarks yet. Choose <strong>Bookmark</strong> on any document to keep it here.
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-3">
            {library.documents.map((document) => (
              <DocumentRow key={document.id} document={document} showCourse />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
      {children}
    </p>
  );
}
