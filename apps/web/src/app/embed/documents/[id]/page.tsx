import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { documentPath } from '@/catalog/refs';
import { DocumentPages } from '@/components/document-pages';
import { PAGE_NUMBER_SLOT } from '@/components/page-image-pattern';
import { embedderHostOf, readOnCoursepackUrl } from '@/embed/embed-urls';
import { findEmbeddedDocument } from '@/embed/load-embedded-document';
import { pluralize } from '@/format/format-numbers';
import { pageImageUrl } from '@/media/media-urls';
import { getConfig } from '@/server/server-context';
import { TrackDocumentReading } from '@/tracking/track-document-reading';
import { TrackPageView } from '@/tracking/track-page-view';

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const document = await findEmbeddedDocument((await params).id);
  if (!document) return { title: 'Not available' };
  return { title: document.title, alternates: { canonical: documentPath(document) } };
}

// GET /embed/documents/{id} – the document's pages for an iframe on another site.
export default async function EmbeddedDocumentPage({ params }: { params: Params }) {
  const document = await findEmbeddedDocument((await params).id);
  if (!document) notFound();
  const { siteUrl } = getConfig();
  // The frame's request carries the embedding page as its referrer (by default its origin).
  const embedder = embedderHostOf((await headers()).get('referer'), siteUrl);
  const readUrl = readOnCoursepackUrl(siteUrl, document, embedder);
  const course = `${document.course.code ? `${document.course.code} · ` : ''}${document.course.title}`;

  return (
    <div lang={document.language} className="flex flex-1 flex-col bg-slate-50">
      <TrackPageView courseId={document.course.id} docId={document.id} />
      <TrackDocumentReading courseId={document.course.id} docId={document.id} />
      <header className="sticky top-0 z-10 flex items-center gap-3 border-b border-slate-200 bg-white/95 px-3 py-2 backdrop-blur">
        <span
          aria-hidden="true"
          className="hidden h-8 w-8 shrink-0 place-items-center rounded-lg bg-brand-600 text-sm font-bold text-white min-[420px]:grid"
        >
          C
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="line-clamp-2 text-sm font-semibold leading-snug text-ink">
            {document.title}
          </h1>
          <p className="truncate text-xs text-slate-600">
            {course} · {pluralize(document.pageCount, 'page')}
          </p>
        </div>
        <a
          href={readUrl}
          target="_blank"
          rel="noopener"
          className="shrink-0 rounded-lg bg-brand-600 px-2.5 py-1.5 text-xs font-medium text-white hover:bg-brand-700 sm:px-3 sm:text-sm"
        >
          Read on Coursepack
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </header>
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col p-3 sm:p-4">
        <DocumentPages
          documentId={document.id}
          pageCount={document.pageCount}
          firstPageText={document.firstPageText}
          pageImagePattern={
            document.mediaAssetId ? pageImageUrl(document.mediaAssetId, PAGE_NUMBER_SLOT) : null
          }
          landscape={document.kind === 'slides'}
          className="flex flex-col gap-4"
        />
      </main>
    </div>
  );
}
