import Link from 'next/link';
import { listFeaturedCourses } from '@/catalog/list-featured-courses';
import { listRecentDocuments } from '@/catalog/list-recent-documents';
import { CourseGrid } from '@/components/course-card';
import { DocumentRow } from '@/components/document-row';
import { SearchBox } from '@/components/search-box';
import { getDb } from '@/server/server-context';
import { TrackPageView } from '@/tracking/track-page-view';

export default async function HomePage() {
  const db = await getDb();
  const [featured, recent] = await Promise.all([listFeaturedCourses(db), listRecentDocuments(db)]);
  return (
    <div className="flex flex-col gap-12">
      <TrackPageView />
      <section className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-800 px-6 py-12 text-white sm:px-10">
        <h1 className="max-w-2xl text-3xl font-bold tracking-tight sm:text-4xl">
          Study from the best course notes, slides and past exams.
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-brand-100">
          Read any document page by page in your browser and search inside every page.
        </p>
        <div className="mt-6 max-w-xl rounded-xl bg-white p-2">
          <SearchBox id="home-search" />
        </div>
      </section>

      <section aria-labelledby="featured-heading">
        <div className="mb-4 flex items-baseline justify-between">
          <h2 id="featured-heading" className="text-2xl font-semibold tracking-tight">
            Featured courses
          </h2>
          <Link href="/courses" className="text-sm font-medium text-brand-700 hover:underline">
            All courses →
          </Link>
        </div>
        {featured.length === 0 ? (
          <p className="text-slate-600">No courses have been published yet.</p>
        ) : (
          <CourseGrid courses={featured} />
        )}
      </section>

      <section aria-labelledby="recent-heading">
        <h2 id="recent-heading" className="mb-4 text-2xl font-semibold tracking-tight">
          Recently added
        </h2>
        {recent.length === 0 ? (
          <p className="text-slate-600">No documents yet.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {recent.map((document) => (
              <DocumentRow key={document.id} document={document} showCourse />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
