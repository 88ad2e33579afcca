import type { Metadata } from 'next';
import { getViewer } from '@/auth/get-viewer';
import { canCreateCourse } from '@/auth/permissions';
import { CourseForm } from '@/components/courses/course-form';
import { SignInPrompt } from '@/components/members/sign-in-prompt';

export const metadata: Metadata = { title: 'New course', robots: { index: false } };

export default async function NewCoursePage() {
  const viewer = await getViewer();
  if (!canCreateCourse(viewer)) {
    return (
      <SignInPrompt
        title="Create a course"
        reason="Sign in to create a course. You will own it: you can edit it and see how its documents are read."
        returnTo="/courses/new"
      />
    );
  }
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight">Create a course</h1>
      <p className="mt-2 text-slate-600">
        The course is published as soon as you create it, and you are its owner. Members can then
        add documents to it.
      </p>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6">
        <CourseForm
          initial={{ title: '', code: '', subject: '', institution: '', description: '' }}
          coverUrl={null}
        />
      </div>
    </div>
  );
}
