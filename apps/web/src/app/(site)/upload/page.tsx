import type { Metadata } from 'next';
import { getViewer } from '@/auth/get-viewer';
import { coursePath, parseRef } from '@/catalog/refs';
import { UploadDocumentForm } from '@/components/documents/upload-document-form';
import { SignInPrompt } from '@/components/members/sign-in-prompt';
import { listUploadCourses } from '@/documents/list-upload-courses';
import { single } from '@/http/search-params';
import { getConfig, getDb } from '@/server/server-context';

export const metadata: Metadata = {
  title: 'Upload documents',
  robots: { index: false },
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function UploadPage({ searchParams }: { searchParams: SearchParams }) {
  const courseParam = single((await searchParams).course);
  const viewer = await getViewer();
  if (!viewer) {
    return (
      <SignInPrompt
        title="Upload documents"
        reason="Sign in to share lecture notes, slides, exercise sheets and past exams with a course."
        returnTo={courseParam ? `/upload?course=${encodeURIComponent(courseParam)}` : '/upload'}
      />
    );
  }
  const courses = await listUploadCourses(await getDb(), viewer);
  const requested = courseParam ? parseRef(courseParam)?.id : undefined;
  const initialCourseId = courses.some((course) => course.id === requested)
    ? (requested ?? null)
    : null;

  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight">Upload documents</h1>
      <p className="mt-2 text-slate-600">
        Share PDFs with a course: one, or a whole semester at once. We read the text of each page,
        scanned pages included, so it can be searched; each document is listed in its course as soon
        as that is done.
      </p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6">
        <UploadDocumentForm
          courses={courses.map((course) => ({
            id: course.id,
            href: coursePath(course),
            label: `${course.code ? `${course.code} · ` : ''}${course.title}${course.published ? '' : ' (draft)'}`,
          }))}
          initialCourseId={initialCourseId}
          maxBytes={getConfig().uploadMaxBytes}
        />
      </div>
    </section>
  );
}
