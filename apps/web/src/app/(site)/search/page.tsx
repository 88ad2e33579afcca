import { DOCUMENT_KINDS, type DocumentKind } from '@coursepack/db/schema';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { coursePath, documentPath } from '@/catalog/refs';
import { FilterSheet } from '@/components/filter-sheet';
import { HighlightedSnippet } from '@/components/highlighted-snippet';
import { KindBadge } from '@/components/kind-badge';
import { Pagination } from '@/components/pagination';
import { SearchBox } from '@/components/search-box';
import { SearchFacet } from '@/components/search-facets';
import { SearchResultLink } from '@/components/search-result-link';
import { KIND_LABELS } from '@/documents/kind-labels';
import { formatCount, pluralize } from '@/format/format-numbers';
import { pageNumber, single, slugParam } from '@/http/search-params';
import {
  MATCH_CAP,
  RESULTS_PER_PAGE,
  type SearchFilters,
  searchCatalog,
} from '@/search/search-catalog';
import { getDb } from '@/server/server-context';
import { TrackPageView } from '@/tracking/track-page-view';
import { TrackSearchSubmitted } from '@/tracking/track-search-submitted';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  const query = single((await searchParams).q)?.trim();
  return { title: query ? `“${query.slice(0, 60)}” — search` : 'Search', robots: { index: false } };
}

function courseParam(value: string | string[] | undefined): number | undefined {
  const raw = single(value);
  return raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : undefined;
}

function kindParam(value: string | string[] | undefined): DocumentKind | undefined {
  const raw = single(value);
  return DOCUMENT_KINDS.find((kind) => kind === raw);
}

/**
 * The URL of a search with the given query, filters and page (page 1 and empty values left
 * out); `verbatim` searches the words as typed, without correcting typos.
 */
function searchHref(query: string, filters: SearchFilters, page = 1, verbatim = false): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined) params.set(name, String(value));
  }
  if (page > 1) params.set('page', String(page));
  if (verbatim) params.set('verbatim', '1');
  return `/search?${params}`;
}

export default async function SearchPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const verbatim = single(params.verbatim) === '1';
  const results = await searchCatalog(await getDb(), {
    query: single(params.q) ?? '',
    subject: slugParam(params.subject),
    institution: slugParam(params.institution),
    course: courseParam(params.course),
    kind: kindParam(params.kind),
    page: pageNumber(params.page),
    verbatim,
  });
  if (results.page > 1 && results.page > results.pageCount) notFound();
  const { query, filters } = results;
  const withFilter = (name: keyof SearchFilters) => (value: string | undefined) =>
    searchHref(
      query,
      { ...filters, [name]: name === 'course' && value !== undefined ? Number(value) : value },
      1,
      verbatim,
    );
  const filtered = Object.values(filters).some((value) => value !== undefined);
  const nothing = results.total === 0 && results.courses.length === 0;

  return (
    <div className="mx-auto max-w-5xl">
      <TrackPageView />
      {query && results.page === 1 ? (
        <TrackSearchSubmitted results={results.total} filtered={filtered} />
      ) : null}
      <h1 className="text-3xl font-bold tracking-tight">Search</h1>
      <div className="mt-4 max-w-3xl">
        <SearchBox key={query} id="page-search" defaultValue={query} />
      </div>
      {results.correction ? (
        <p className="mt-4 text-slate-700">
          Showing results for <em className="font-semibold">{results.correction}</em> — search
          instead for{' '}
          <Link
            href={searchHref(query, filters, 1, true)}
            className="text-brand-700 italic underline"
          >
            {query}
          </Link>
        </p>
      ) : null}
      {results.suggestion ? (
        <p className="mt-4 text-slate-700">
          Did you mean{' '}
          <Link
            href={searchHref(results.suggestion, filters)}
            className="font-semibold text-brand-700 underline"
          >
            {results.suggestion}
          </Link>
          ?
        </p>
      ) : null}

      {!query ? (
        <div className="mt-8 max-w-3xl text-slate-600">
          <p>Search every course and every page of every document.</p>
          <ul className="mt-3 list-disc pl-6">
            <li>Try a topic: “eigenvalues”, “Dijkstra” or “elasticity”.</li>
            <li>Put a phrase in quotes to find it as written: {'"spectral theorem"'}.</li>
            <li>Exclude a word with a minus: “matrix -determinant”.</li>
            <li>Narrow the results by subject, institution, course or kind afterwards.</li>
          </ul>
        </div>
      ) : nothing ? (
        <div className="mt-8 max-w-3xl rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          <p>
            Nothing matches “{query}”{filtered ? ' with these filters' : ''}. Check the spelling or
            try fewer words.
          </p>
          {filtered ? (
            <Link
              href={searchHref(query, {})}
              className="mt-2 inline-block font-medium text-brand-700 hover:underline"
            >
              Search without filters
            </Link>
          ) : null}
        </div>
      ) : (
        <div className="mt-8 grid gap-8 md:grid-cols-[14rem_1fr]">
          <aside aria-label="Filter results">
            <FilterSheet
              active={Object.values(filters).filter((value) => value !== undefined).length}
            >
              <h2 className="mb-4 text-lg font-semibold md:sr-only">Filters</h2>
              <div className="flex flex-col gap-5">
                <SearchFacet
                  label="Kind"
                  options={results.facets.kind}
                  selected={filters.kind}
                  hrefFor={withFilter('kind')}
                  countsAtLeast={results.facetsCapped}
                  labelFor={(option) => KIND_LABELS[option.value as DocumentKind].plural}
                />
                <SearchFacet
                  label="Subject"
                  options={results.facets.subject}
                  selected={filters.subject}
                  hrefFor={withFilter('subject')}
                  countsAtLeast={results.facetsCapped}
                />
                <SearchFacet
                  label="Institution"
                  options={results.facets.institution}
                  selected={filters.institution}
                  hrefFor={withFilter('institution')}
                  countsAtLeast={results.facetsCapped}
                />
                <SearchFacet
                  label="Course"
                  options={results.facets.course}
                  selected={filters.course === undefined ? undefined : String(filters.course)}
                  hrefFor={withFilter('course')}
                  countsAtLeast={results.facetsCapped}
                />
              </div>
              {results.facetsCapped ? (
                <p className="mt-4 text-xs text-slate-500">
                  Counted in the first {formatCount(MATCH_CAP)} matches.
                </p>
              ) : null}
            </FilterSheet>
          </aside>
          <div className="flex min-w-0 flex-col gap-8">
            {results.courses.length > 0 ? (
              <section aria-labelledby="course-results">
                <h2 id="course-results" className="mb-3 text-lg font-semibold">
                  Courses
                </h2>
                <ul className="flex flex-col gap-2">
                  {results.courses.map((course, index) => (
                    <li key={course.id} className="rounded-lg border border-slate-200 bg-white p-4">
                      <SearchResultLink
                        href={coursePath(course)}
                        entity="course"
                        id={course.id}
                        rank={index + 1}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {course.title}
                      </SearchResultLink>
                      <p className="text-sm text-slate-600">
                        {course.code ? `${course.code} · ` : ''}
                        {course.institutionName}
                      </p>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <section aria-labelledby="document-results">
              <h2 id="document-results" className="mb-3 text-lg font-semibold">
                Documents{' '}
                <span className="font-normal text-slate-500">
                  (
                  {results.totalCapped
                    ? `${formatCount(results.total)}+ matches`
                    : pluralize(results.total, 'match', 'matches')}
                  )
                </span>
              </h2>
              {results.partial ? (
                <p className="mb-3 text-slate-700">
                  No document has all of “{results.correction ?? query}”: these have most of the
                  words.
                </p>
              ) : null}
              {results.documents.length === 0 ? (
                <p className="text-slate-600">
                  No documents match{filtered ? ' these filters' : ''}.
                </p>
              ) : (
                <ol className="flex flex-col gap-3">
                  {results.documents.map((document, index) => (
                    <li
                      key={document.id}
                      className="rounded-lg border border-slate-200 bg-white p-4"
                    >
                      <div className="flex flex-wrap items-center gap-2">
                        <KindBadge kind={document.kind} />
                        <SearchResultLink
                          href={
                            document.page
                              ? documentPath(document, document.page, query)
                              : documentPath(document)
                          }
                          entity="document"
                          id={document.id}
                          rank={(results.page - 1) * RESULTS_PER_PAGE + index + 1}
                          className="font-medium text-brand-700 hover:underline"
                        >
                          {document.title}
                        </SearchResultLink>
                        {document.page ? (
                          <span className="text-sm text-slate-500">page {document.page}</span>
                        ) : null}
                      </div>
                      <p className="mt-1 text-sm text-slate-600">{document.course.title}</p>
                      {document.missing.length > 0 ? (
                        <p className="mt-1 text-sm text-slate-500">
                          Missing:{' '}
                          {document.missing.map((word, at) => (
                            <span key={word}>
                              {at > 0 ? ' ' : ''}
                              <s>{word}</s>
                            </span>
                          ))}
                        </p>
                      ) : null}
                      <p className="mt-2 text-sm leading-relaxed text-slate-800">
                        <HighlightedSnippet snippet={document.snippet} />
                      </p>
                    </li>
                  ))}
                </ol>
              )}
              <Pagination
                page={results.page}
                pageCount={results.pageCount}
                hrefFor={(page) => searchHref(query, filters, page, verbatim)}
              />
            </section>
          </div>
        </div>
      )}
    </div>
  );
}
