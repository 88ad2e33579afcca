import type { Metadata } from 'next';
import Link from 'next/link';
import { getViewer } from '@/auth/get-viewer';
import { loadDocumentForRef } from '@/catalog/load-document-page';
import { coursePath, documentPath } from '@/catalog/refs';
import { AnalyticsLink } from '@/components/dashboard/analytics-link';
import { DocumentPages } from '@/components/document-pages';
import { DocumentOwnerActions } from '@/components/documents/document-owner-actions';
import { UnfinishedDocument } from '@/components/documents/unfinished-document';
import { DownloadDocumentLink } from '@/components/download-document-link';
import { JsonLd } from '@/components/json-ld';
import { KindBadge } from '@/components/kind-badge';
import { BookmarkButton } from '@/components/members/bookmark-button';
import { PAGE_NUMBER_SLOT } from '@/components/page-image-pattern';
import { PageJumpForm } from '@/components/page-jump-form';
import { ShareDocument } from '@/components/share-document';
import { dashboardDocumentPath } from '@/dashboard/dashboard-query';
import { KIND_LABELS } from '@/documents/kind-labels';
import { loadUnfinishedDocument } from '@/documents/load-managed-document';
import { embedSnippet } from '@/embed/embed-urls';
import { formatDate } from '@/format/format-dates';
import { formatBytes, pluralize } from '@/format/format-numbers';
import { truncate } from '@/format/format-text';
import { single } from '@/http/search-params';
import { documentPdfUrl, pageImageUrl } from '@/media/media-urls';
import { getBookmarkState } from '@/members/get-bookmark-state';
import { getConfig, getDb } from '@/server/server-context';
import { TrackDocumentReading } from '@/tracking/track-document-reading';
import { TrackPageView } from '@/tracking/track-page-view';

/** Up to this many pages, the page list links each; beyond, a "Go to page" field. */
const LISTED_PAGES_MAX = 40;

type Params = Promise<{ documentRef: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const ref = (await params).documentRef;
  const unfinished = await loadUnfinishedDocument(ref);
  if (unfinished) return { title: unfinished.title, robots: { index: false } };
  const document = await loadDocumentForRef(ref);
  const description = truncate(
    document.description ||
      document.firstPageText ||
      `${document.title} — ${document.course.title}`,
    160,
  );
  return {
    title: `${document.title} — ${document.course.title}`,
    description,
    alternates: { canonical: documentPath(document) },
    openGraph: { title: document.title, description, type: 'article', url: documentPath(document) },
  };
}

export default async function DocumentPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const ref = (await params).documentRef;
  // Its uploader sees an upload that is still processing, or failed, instead of a 404.
  const unfinished = await loadUnfinishedDocument(ref);
  if (unfinished) return <UnfinishedDocument document={unfinished} />;
  const document = await loadDocumentForRef(ref);
  const textView = single((await searchParams).view) === 'text';
  const { siteUrl } = getConfig();
  const viewer = await getViewer();
  const { bookmarked } = await getBookmarkState(await getDb(), viewer, document.id);

  return (
    <article lang={document.language}>
      <TrackPageView courseId={document.course.id} docId={document.id} />
      <TrackDocumentReading courseId={document.course.id} docId={document.id} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': ['DigitalDocument', 'LearningResource'],
          name: document.title,
          description: document.description || undefined,
          learningResourceType: KIND_LABELS[document.kind].singular,
          encodingFormat: 'application/pdf',
          numberOfPages: document.pageCount,
          inLanguage: document.language,
          dateCreated: document.createdAt.toISOString(),
          url: `${siteUrl}${documentPath(document)}`,
          isPartOf: {
            '@type': 'Course',
            name: document.course.title,
            courseCode: document.course.code ?? undefined,
            url: `${siteUrl}${coursePath(document.course)}`,
          },
        }}
      />
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
        <Link href="/courses" className="hover:text-brand-700 hover:underline">
          Courses
        </Link>{' '}
        /{' '}
        <Link href={coursePath(document.course)} className="hover:text-brand-700 hover:underline">
          {document.course.title}
        </Link>
      </nav>
      <header className="rounded-2xl border border-slate-200 bg-white p-6">
        <KindBadge kind={document.kind} />
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{document.title}</h1>
        <p className="mt-1 text-slate-600">
          <Link
            href={coursePath(document.course)}
            className="font-medium text-brand-700 hover:underline"
          >
            {document.course.code ? `${document.course.code} · ` : ''}
            {document.course.title}
          </Link>
        </p>
        {document.description ? (
          <p className="mt-4 max-w-3xl leading-relaxed text-slate-800">{document.description}</p>
        ) : null}
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
          <div className="flex gap-1">
            <dt>Pages:</dt>
            <dd>{document.pageCount}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Size:</dt>
            <dd>{formatBytes(document.sizeBytes)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Added:</dt>
            <dd>
              <time dateTime={document.createdAt.toISOString()}>
                {formatDate(document.createdAt)}
              </time>
            </dd>
          </div>
        </dl>
        <div className="mt-5 flex flex-wrap items-center gap-3" data-testid="document-actions">
          <BookmarkButton
            documentId={document.id}
            courseId={document.course.id}
            initial={bookmarked}
            signedIn={viewer !== null}
            returnTo={documentPath(document)}
          />
          {document.mediaAssetId ? (
            <DownloadDocumentLink
              href={documentPdfUrl(document.mediaAssetId)}
              courseId={document.course.id}
              docId={document.id}
            />
          ) : null}
          <DocumentOwnerActions documentId={document.id} />
          <AnalyticsLink courseId={document.course.id} href={dashboardDocumentPath(document)} />
        </div>
        <ShareDocument
          pageUrl={`${siteUrl}${documentPath(document)}`}
          embedSnippet={embedSnippet(siteUrl, document)}
          courseId={document.course.id}
          docId={document.id}
        />
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[10rem_1fr]">
        <nav aria-label="Pages" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="mb-2 text-sm font-semibold text-slate-700">
            {pluralize(document.pageCount, 'page')}
          </h2>
          {document.pageCount <= LISTED_PAGES_MAX ? (
            <ol className="flex flex-wrap gap-2 lg:flex-col">
              {Array.from({ length: document.pageCount }, (_, index) => index + 1).map((page) => (
                <li key={page}>
                  <a
                    href={`#page-${page}`}
                    className="block rounded-md border border-slate-200 bg-white px-3 py-1 text-sm hover:border-brand-600"
                  >
                    Page {page}
                  </a>
                </li>
              ))}
            </ol>
          ) : (
            <PageJumpForm pageCount={document.pageCount} />
          )}
        </nav>
        <div className="flex flex-col gap-6" data-testid="document-pages">
          <p className="flex justify-end text-sm">
            {textView ? (
              <Link
                href={documentPath(document)}
                className="font-medium text-brand-700 hover:underline"
              >
                View pages as images
              </Link>
            ) : (
              <Link
                href={`${documentPath(document)}?view=text`}
                className="font-medium text-brand-700 hover:underline"
              >
                Read as text
              </Link>
            )}
          </p>
          <DocumentPages
            documentId={document.id}
            pageCount={document.pageCount}
            firstPageText={document.firstPageText}
            pageImagePattern={
              textView || !document.mediaAssetId
                ? null
                : pageImageUrl(document.mediaAssetId, PAGE_NUMBER_SLOT)
            }
            landscape={document.kind === 'slides'}
            className="flex flex-col gap-6"
          />
        </div>
      </div>
    </article>
  );
}
