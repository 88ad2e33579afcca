import Link from 'next/link';
import type { CourseSummary } from '@/catalog/course-summary';
import { coursePath } from '@/catalog/refs';
import { pluralize } from '@/format/format-numbers';
import { truncate } from '@/format/format-text';
import { coverImageUrl } from '@/media/media-urls';
import { CourseCover } from './course-cover';

export function CourseCard({
  course,
  coverSrc,
}: {
  course: CourseSummary;
  coverSrc: string | null;
}) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <CourseCover src={coverSrc} code={course.code} className="aspect-[40/21] w-full" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-medium uppercase tracking-wide text-brand-700">
          {course.subject.name}
          {course.code ? ` · ${course.code}` : ''}
        </p>
        <h3 className="text-lg font-semibold leading-snug text-ink">
          <Link
            href={coursePath(course)}
            className="after:absolute after:inset-0 group-hover:text-brand-700"
          >
            {course.title}
          </Link>
        </h3>
        <p className="text-sm text-slate-600">{truncate(course.description, 140)}</p>
        <p className="mt-auto pt-2 text-sm text-slate-600">
          {course.institution.name} · {pluralize(course.documentCount, 'document')}
        </p>
      </div>
    </article>
  );
}

/** Course cards, three to a row on wide screens, each with its cover. */
export function CourseGrid({
  courses,
  className = '',
}: {
  courses: CourseSummary[];
  className?: string;
}) {
  return (
    <div className={`${className} grid gap-5 sm:grid-cols-2 lg:grid-cols-3`.trim()}>
      {courses.map((course) => (
        <CourseCard key={course.id} course={course} coverSrc={coverImageUrl(course.coverAssetId)} />
      ))}
    </div>
  );
}
