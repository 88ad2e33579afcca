import type { Metadata } from 'next';
import Link from 'next/link';
import { getViewer } from '@/auth/get-viewer';
import { loadDocumentForRef } from '@/catalog/load-document-page';
import { coursePath, documentPath } from '@/catalog/refs';
import { Breadcrumb } from '@/components/breadcrumb';
import { AnalyticsLink } from '@/components/dashboard/analytics-link';
import { DocumentOwnerActions } from '@/components/documents/document-owner-actions';
import { UnfinishedDocument } from '@/components/documents/unfinished-document';
import { DownloadDocumentLink } from '@/components/download-document-link';
import { JsonLd } from '@/components/json-ld';
import { KindBadge } from '@/components/kind-badge';
import { BookmarkButton } from '@/components/members/bookmark-button';
import { PAGE_NUMBER_SLOT } from '@/components/page-image-pattern';
import { DocumentReader, type ReaderImages } from '@/components/reader/document-reader';
import { ShareDocument } from '@/components/share-document';
import { dashboardDocumentPath } from '@/dashboard/dashboard-query';
import { KIND_LABELS } from '@/documents/kind-labels';
import { loadUnfinishedDocument } from '@/documents/load-managed-document';
import { embedSnippet } from '@/embed/embed-urls';
import { formatDate } from '@/format/format-dates';
import { formatBytes, pluralize } from '@/format/format-numbers';
import { truncate } from '@/format/format-text';
import { single } from '@/http/search-params';
import { documentPdfUrl, pageImageUrl, sharpPageImageUrl } from '@/media/media-urls';
import { getBookmarkState } from '@/members/get-bookmark-state';
import { PAGE_IMAGE_WIDTHS } from '@/reader/zoom';
import { MAX_QUERY_LENGTH } from '@/search/parse-search-query';
import { getConfig, getDb } from '@/server/server-context';
import { TrackDocumentReading } from '@/tracking/track-document-reading';
import { TrackPageView } from '@/tracking/track-page-view';

/** CSS pixels of a thumbnail in the reader's rail (8 rem), twice over for sharp screens. */
const THUMBNAIL_WIDTH = 240;

/** Page image URLs for the reader, each with PAGE_NUMBER_SLOT for the page. */
function readerImages(assetId: string): ReaderImages {
  return {
    srcSet: PAGE_IMAGE_WIDTHS.map((width) => ({
      width,
      url: sharpPageImageUrl(assetId, PAGE_NUMBER_SLOT, width),
    })),
    src: pageImageUrl(assetId, PAGE_NUMBER_SLOT),
    thumbnail: pageImageUrl(assetId, PAGE_NUMBER_SLOT, THUMBNAIL_WIDTH),
  };
}

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
  const query = await searchParams;
  const textView = single(query.view) === 'text';
  // A search result's "page N" link carries its words: the reader opens with them found.
  const findQuery = (single(query.q) ?? '').slice(0, MAX_QUERY_LENGTH);
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
      <header>
        <Breadcrumb
          links={[
            { href: '/courses', label: 'Courses' },
            { href: coursePath(document.course), label: document.course.title },
          ]}
        />
        <div className="-mt-2 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
          <div className="min-w-0">
            <h1 className="text-lg leading-snug font-bold tracking-tight sm:text-2xl">
              {document.title}
            </h1>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
              <KindBadge kind={document.kind} />
              <Link
                href={coursePath(document.course)}
                className="font-medium text-brand-700 hover:underline"
              >
                {document.course.code ? `${document.course.code} · ` : ''}
                {document.course.title}
              </Link>
              <span aria-hidden="true">·</span>
              <span>{pluralize(document.pageCount, 'page')}</span>
              <span aria-hidden="true">·</span>
              <Link
                href={textView ? documentPath(document) : `${documentPath(document)}?view=text`}
                className="font-medium text-brand-700 hover:underline"
              >
                {textView ? 'View pages as images' : 'Read as text'}
              </Link>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2" data-testid="document-actions">
            <BookmarkButton
              documentId={document.id}
              courseId={document.course.id}
              initial={bookmarked}
              signedIn={viewer !== null}
              returnTo={documentPath(document)}
            />
            {document.mediaAssetId ? (
              <DownloadDocumentLink
                href={documentPdfUrl(document.mediaAssetId, document.title)}
                courseId={document.course.id}
                docId={document.id}
              />
            ) : null}
            <DocumentOwnerActions documentId={document.id} />
            <AnalyticsLink courseId={document.course.id} href={dashboardDocumentPath(document)} />
          </div>
        </div>
        <div className="mt-3 grid grid-cols-2 items-start gap-2">
          <details className="group rounded-xl border border-slate-200 bg-slate-50 open:bg-white">
            <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-2 text-sm font-medium text-slate-800 hover:text-brand-700 [&::-webkit-details-marker]:hidden">
              <span>
                About<span className="max-sm:sr-only"> this document</span>
              </span>
              <span aria-hidden="true" className="ml-auto text-slate-500 group-open:rotate-180">
                ▾
              </span>
            </summary>
            <div className="border-t border-slate-200 px-4 py-4">
              {document.description ? (
                <p className="mb-3 max-w-3xl leading-relaxed text-slate-800">
                  {document.description}
                </p>
              ) : null}
              <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
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
            </div>
          </details>
          <ShareDocument
            pageUrl={`${siteUrl}${documentPath(document)}`}
            embedSnippet={embedSnippet(siteUrl, document)}
            courseId={document.course.id}
            docId={document.id}
            className=""
          />
        </div>
      </header>

      <DocumentReader
        documentId={document.id}
        courseId={document.course.id}
        pageCount={document.pageCount}
        firstPageText={document.firstPageText}
        landscape={document.kind === 'slides'}
        images={textView || !document.mediaAssetId ? null : readerImages(document.mediaAssetId)}
        download={
          document.mediaAssetId ? documentPdfUrl(document.mediaAssetId, document.title) : null
        }
        initialQuery={findQuery}
      />
    </article>
  );
}
