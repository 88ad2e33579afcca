import Link from 'next/link';
import type { CourseSummary } from '@/catalog/course-summary';
import { coursePath } from '@/catalog/refs';
import { pluralize } from '@/format/format-numbers';
import { CourseCover } from './course-cover';

/** A card's width: a third of the page's 72 rem column, half the screen, or all of it. */
const CARD_SIZES =
  '(min-width: 1024px) 22.5rem, (min-width: 640px) calc(50vw - 1.75rem), calc(100vw - 2rem)';

export function CourseCard({
  course,
  priority,
}: {
  course: CourseSummary;
  /** For the first cards on the screen: their cover is the largest thing the page paints. */
  priority: boolean;
}) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <CourseCover course={course} sizes={CARD_SIZES} className="w-full" priority={priority} />
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
        <p className="line-clamp-3 text-sm text-slate-600">{course.description}</p>
        <p className="mt-auto border-t border-slate-100 pt-3 text-sm text-slate-600">
          {course.institution.name} · {pluralize(course.documentCount, 'document')}
        </p>
      </div>
    </article>
  );
}

const FIRST_ROW = 3;

/** Course cards, three to a row on wide screens, each with its cover. */
export function CourseGrid({ courses }: { courses: CourseSummary[] }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {courses.map((course, index) => (
        <CourseCard key={course.id} course={course} priority={index < FIRST_ROW} />
      ))}
    </div>
  );
}
