import type { Metadata } from 'next';
import Link from 'next/link';
import { searchCatalog } from '@/catalog/search-catalog';
import { HighlightedSnippet } from '@/components/highlighted-snippet';
import { KindBadge } from '@/components/kind-badge';
import { SearchBox } from '@/components/search-box';
import { pluralize } from '@/lib/format';
import { coursePath, documentPath } from '@/lib/refs';
import { single } from '@/lib/search-params';
import { getDb } from '@/lib/server-context';
import { TrackPageView } from '@/tracking/track-page-view';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  const query = single((await searchParams).q)?.trim();
  return { title: query ? `“${query.slice(0, 60)}” — search` : 'Search', robots: { index: false } };
}

export default async function SearchPage({ searchParams }: { searchParams: SearchParams }) {
  const query = single((await searchParams).q) ?? '';
  const results = await searchCatalog(await getDb(), query);
  const total = results.courses.length + results.documents.length;

  return (
    <div className="mx-auto max-w-3xl">
      <TrackPageView />
      <h1 className="text-3xl font-bold tracking-tight">Search</h1>
      <div className="mt-4">
        <SearchBox id="page-search" defaultValue={results.query} />
      </div>
      {!results.query ? (
        <p className="mt-8 text-slate-600">
          Search every course and every page of every document: try “eigenvalues”, “Dijkstra” or
          “elasticity”.
        </p>
      ) : total === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          Nothing matches “{results.query}”. Check the spelling or try fewer words.
        </p>
      ) : (
        <div className="mt-8 flex flex-col gap-8">
          {results.courses.length > 0 ? (
            <section aria-labelledby="course-results">
              <h2 id="course-results" className="mb-3 text-lg font-semibold">
                Courses
              </h2>
              <ul className="flex flex-col gap-2">
                {results.courses.map((course) => (
                  <li key={course.id} className="rounded-lg border border-slate-200 bg-white p-4">
                    <Link
                      href={coursePath(course)}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {course.title}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {course.code ? `${course.code} · ` : ''}
                      {course.institutionName}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {results.documents.length > 0 ? (
            <section aria-labelledby="document-results">
              <h2 id="document-results" className="mb-3 text-lg font-semibold">
                Documents{' '}
                <span className="font-normal text-slate-500">
                  ({pluralize(results.documents.length, 'match', 'matches')})
                </span>
              </h2>
              <ul className="flex flex-col gap-3">
                {results.documents.map((document) => (
                  <li key={document.id} className="rounded-lg border border-slate-200 bg-white p-4">
                    <div className="flex flex-wrap items-center gap-2">
                      <KindBadge kind={document.kind} />
                      <Link
                        href={documentPath(document, document.page ?? undefined)}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {document.title}
                      </Link>
                      {document.page ? (
                        <span className="text-sm text-slate-500">page {document.page}</span>
                      ) : null}
                    </div>
                    <p className="mt-1 text-sm text-slate-600">{document.course.title}</p>
                    <p className="mt-2 text-sm leading-relaxed text-slate-800">
                      <HighlightedSnippet snippet={document.snippet} />
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </div>
  );
}
