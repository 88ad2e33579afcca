import type { Metadata } from 'next';
import Link from 'next/link';
import { getViewer } from '@/auth/get-viewer';
import { listCourseDocuments } from '@/catalog/list-course-documents';
import { loadCourseForRef } from '@/catalog/load-course-page';
import { coursePath, documentPath } from '@/catalog/refs';
import { Breadcrumb } from '@/components/breadcrumb';
import { CourseCover } from '@/components/course-cover';
import { AnalyticsLink } from '@/components/dashboard/analytics-link';
import { DocumentRow } from '@/components/document-row';
import { UploadDocumentLink } from '@/components/documents/upload-document-link';
import { JsonLd } from '@/components/json-ld';
import { FollowButton } from '@/components/members/follow-button';
import { dashboardCoursePath } from '@/dashboard/dashboard-query';
import { KIND_LABELS } from '@/documents/kind-labels';
import { pluralize } from '@/format/format-numbers';
import { truncate } from '@/format/format-text';
import { coverImageUrl } from '@/media/media-urls';
import { getCourseMemberState } from '@/members/get-course-member-state';
import { getConfig, getDb } from '@/server/server-context';
import { TrackPageView } from '@/tracking/track-page-view';

type Params = Promise<{ courseRef: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const course = await loadCourseForRef((await params).courseRef);
  const description = truncate(course.description, 160);
  const cover = coverImageUrl(course.coverAssetId, 1200);
  return {
    title: course.code ? `${course.title} (${course.code})` : course.title,
    description,
    alternates: { canonical: coursePath(course) },
    openGraph: {
      title: course.title,
      description,
      url: coursePath(course),
      images: cover ? [{ url: cover, width: 1200, height: 630 }] : undefined,
    },
  };
}

export default async function CoursePage({ params }: { params: Params }) {
  const course = await loadCourseForRef((await params).courseRef);
  const db = await getDb();
  const viewer = await getViewer();
  const [groups, member] = await Promise.all([
    listCourseDocuments(db, course.id),
    getCourseMemberState(db, viewer, course.id),
  ]);
  const { siteUrl } = getConfig();
  const allDocuments = groups.flatMap((group) => group.documents);

  return (
    <article>
      <TrackPageView courseId={course.id} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Course',
          name: course.title,
          courseCode: course.code ?? undefined,
          description: course.description,
          url: `${siteUrl}${coursePath(course)}`,
          provider: { '@type': 'CollegeOrUniversity', name: course.institution.name },
          about: course.subject.name,
          hasPart: allDocuments.map((document) => ({
            '@type': 'LearningResource',
            name: document.title,
            url: `${siteUrl}${documentPath(document)}`,
          })),
        }}
      />
      <Breadcrumb
        links={[
          { href: '/courses', label: 'Courses' },
          { href: `/courses?subject=${course.subject.slug}`, label: course.subject.name },
        ]}
      />
      <header className="grid gap-6 overflow-hidden rounded-2xl border border-slate-200 bg-white md:grid-cols-[2fr_3fr] md:items-start">
        <CourseCover
          course={course}
          // Two fifths of the 72 rem column, less its margin, beside the text; else the width.
          sizes="(min-width: 1152px) 26rem, (min-width: 768px) calc(40vw - 3rem), calc(100vw - 2rem)"
          className="w-full md:my-6 md:ml-6 md:w-[calc(100%-1.5rem)] md:rounded-xl"
          priority
        />
        <div className="p-6 md:pl-0">
          <p className="text-sm font-medium uppercase tracking-wide text-brand-700">
            {course.subject.name}
            {course.code ? ` · ${course.code}` : ''}
          </p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight">{course.title}</h1>
          <p className="mt-1 text-slate-600">
            <Link
              href={`/courses?institution=${course.institution.slug}`}
              className="hover:text-brand-700 hover:underline"
            >
              {course.institution.name}
            </Link>{' '}
            · {pluralize(course.documentCount, 'document')}
          </p>
          <p className="mt-4 whitespace-pre-line leading-relaxed text-slate-800">
            {course.description}
          </p>
          <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
            <FollowButton
              courseId={course.id}
              initial={{ following: member.following, followers: member.followers }}
              signedIn={viewer !== null}
              returnTo={coursePath(course)}
            />
            <UploadDocumentLink courseId={course.id} />
            {member.canEdit ? (
              <Link
                href={`${coursePath(course)}/edit`}
                className="text-sm font-medium text-brand-700 hover:underline"
              >
                Edit course
              </Link>
            ) : null}
            <AnalyticsLink courseId={course.id} href={dashboardCoursePath(course)} />
          </div>
        </div>
      </header>

      {groups.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          This course has no documents yet.
        </p>
      ) : (
        groups.map((group) => (
          <section key={group.kind} aria-labelledby={`kind-${group.kind}`} className="mt-10">
            <h2 id={`kind-${group.kind}`} className="mb-3 text-xl font-semibold tracking-tight">
              {KIND_LABELS[group.kind].plural}{' '}
              <span className="text-base font-normal text-slate-500">
                ({group.documents.length})
              </span>
            </h2>
            <ul className="flex flex-col gap-3">
              {group.documents.map((document) => (
                <DocumentRow key={document.id} document={document} />
              ))}
            </ul>
          </section>
        ))
      )}
    </article>
  );
}
