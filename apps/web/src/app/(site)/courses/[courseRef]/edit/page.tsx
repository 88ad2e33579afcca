import type { Metadata } from 'next';
import { forbidden, notFound, permanentRedirect } from 'next/navigation';
import { getViewer } from '@/auth/get-viewer';
import { coursePath, parseRef } from '@/catalog/refs';
import { Breadcrumb } from '@/components/breadcrumb';
import { CourseForm } from '@/components/courses/course-form';
import { SignInPrompt } from '@/components/members/sign-in-prompt';
import { type EditableCourse, getEditableCourse } from '@/courses/get-editable-course';
import { AppError } from '@/errors/app-error';
import { coverImageUrl } from '@/media/media-urls';
import { getDb } from '@/server/server-context';

type Params = Promise<{ courseRef: string }>;

export const metadata: Metadata = { title: 'Edit course', robots: { index: false } };

export default async function EditCoursePage({ params }: { params: Params }) {
  const ref = parseRef((await params).courseRef);
  if (!ref) notFound();
  const db = await getDb();
  let course: EditableCourse;
  try {
    course = await getEditableCourse(db, await getViewer(), ref.id);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'unauthorized') {
      return (
        <SignInPrompt
          title="Edit this course"
          reason="Sign in as the course's owner (or an admin) to edit it."
          returnTo={`/courses/${ref.id}/edit`}
        />
      );
    }
    if (error.code === 'forbidden') forbidden();
    notFound();
  }
  if (ref.slug !== course.slug) permanentRedirect(`${coursePath(course)}/edit`);
  return (
    <div className="mx-auto max-w-3xl">
      <Breadcrumb links={[{ href: coursePath(course), label: course.title }]} current="Edit" />
      <h1 className="text-3xl font-bold tracking-tight">Edit course</h1>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6">
        <CourseForm
          courseId={course.id}
          initial={{
            title: course.title,
            code: course.code ?? '',
            subject: course.subject,
            institution: course.institution,
            description: course.description,
          }}
          coverUrl={coverImageUrl(course.coverAssetId)}
        />
      </div>
    </div>
  );
}
