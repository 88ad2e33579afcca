import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { listCatalogFacets } from '@/catalog/list-catalog-facets';
import { listCourses } from '@/catalog/list-courses';
import { CourseGrid } from '@/components/course-card';
import { FacetSelect } from '@/components/facet-select';
import { FilterSheet } from '@/components/filter-sheet';
import { Pagination } from '@/components/pagination';
import { pluralize } from '@/format/format-numbers';
import { pageNumber, slugParam } from '@/http/search-params';
import { getDb } from '@/server/server-context';
import { TrackPageView } from '@/tracking/track-page-view';

export const metadata: Metadata = {
  title: 'All courses',
  description: 'Every course on Coursepack, by subject and institution.',
  alternates: { canonical: '/courses' },
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CoursesPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const filters = {
    subject: slugParam(params.subject),
    institution: slugParam(params.institution),
    page: pageNumber(params.page),
  };
  const db = await getDb();
  const [result, facets] = await Promise.all([listCourses(db, filters), listCatalogFacets(db)]);
  if (filters.page > result.pageCount) notFound();

  const hrefFor = (page: number) => {
    const query = new URLSearchParams();
    if (filters.subject) query.set('subject', filters.subject);
    if (filters.institution) query.set('institution', filters.institution);
    if (page > 1) query.set('page', String(page));
    const text = query.toString();
    return text ? `/courses?${text}` : '/courses';
  };
  const filtered = Boolean(filters.subject || filters.institution);

  return (
    <div>
      <TrackPageView />
      <h1 className="text-3xl font-bold tracking-tight">All courses</h1>
      <p className="mt-1 text-slate-600">{pluralize(result.total, 'course')}</p>

      <div className="mt-6">
        <FilterSheet active={[filters.subject, filters.institution].filter(Boolean).length}>
          <form
            method="get"
            action="/courses"
            className="grid gap-3 md:rounded-xl md:border md:border-slate-200 md:bg-white md:p-4 md:grid-cols-[1fr_1fr_auto] md:items-end"
            aria-label="Filter courses"
          >
            <FacetSelect
              name="subject"
              label="Subject"
              allLabel="All subjects"
              facets={facets.subjects}
              selected={filters.subject}
            />
            <FacetSelect
              name="institution"
              label="Institution"
              allLabel="All institutions"
              facets={facets.institutions}
              selected={filters.institution}
            />
            <div className="flex gap-2">
              <button
                type="submit"
                className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
              >
                Apply
              </button>
              {filtered ? (
                <Link
                  href="/courses"
                  className="rounded-lg px-3 py-2 text-sm font-medium text-brand-700 hover:underline"
                >
                  Clear
                </Link>
              ) : null}
            </div>
          </form>
        </FilterSheet>
      </div>

      {result.courses.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No courses match these filters.{' '}
          <Link href="/courses" className="font-medium text-brand-700 hover:underline">
            Show all courses
          </Link>
        </p>
      ) : (
        <section aria-labelledby="course-list-heading" className="mt-6">
          <h2 id="course-list-heading" className="sr-only">
            Courses
          </h2>
          <CourseGrid courses={result.courses} />
        </section>
      )}
      <Pagination page={result.page} pageCount={result.pageCount} hrefFor={hrefFor} />
    </div>
  );
}
