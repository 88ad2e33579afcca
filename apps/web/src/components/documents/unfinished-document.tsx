import Link from 'next/link';
import { coursePath } from '@/catalog/refs';
import { Breadcrumb } from '@/components/breadcrumb';
import type { DocumentWithCourse } from '@/documents/find-document-with-course';
import { KindBadge } from '../kind-badge';
import { DeleteDocumentButton } from './delete-document-button';
import { DocumentProcessingStatus } from './document-processing-status';

/**
 * The document page of an upload that is not ready, as its uploader sees it: "Processing…" until
 * the pages are ready (the page then shows the reader by itself), or why it failed.
 */
export function UnfinishedDocument({ document }: { document: DocumentWithCourse }) {
  return (
    <article className="mx-auto max-w-3xl">
      <Breadcrumb links={[{ href: coursePath(document.course), label: document.course.title }]} />
      <header className="rounded-2xl border border-slate-200 bg-white p-6">
        <KindBadge kind={document.kind} />
        <h1 className="mt-2 break-words text-3xl font-bold tracking-tight">{document.title}</h1>
        {document.description ? (
          <p className="mt-3 whitespace-pre-line text-slate-700">{document.description}</p>
        ) : null}
      </header>
      {document.status === 'processing' ? (
        <section
          aria-labelledby="processing-heading"
          className="mt-6 flex items-start gap-4 rounded-2xl border border-brand-100 bg-brand-50 p-6"
        >
          <span
            aria-hidden="true"
            className="mt-1 h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
          />
          <div role="status">
            <h2 id="processing-heading" className="font-semibold text-brand-800">
              Processing…
            </h2>
            <p className="mt-1 text-slate-700">
              We are reading the text of each page. This page shows the document as soon as it is
              ready; until then it is not listed in the course.
            </p>
          </div>
          <DocumentProcessingStatus documentId={document.id} />
        </section>
      ) : (
        <section
          aria-labelledby="failed-heading"
          className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-6"
        >
          <h2 id="failed-heading" className="font-semibold text-red-800">
            This upload could not be processed
          </h2>
          <p className="mt-1 text-slate-800">{document.failure_reason}</p>
          <p className="mt-1 text-sm text-slate-600">It is not listed in the course.</p>
          <div className="mt-4 flex flex-wrap items-start gap-3">
            <Link
              href={`/upload?course=${document.course.id}`}
              className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
            >
              Upload another file
            </Link>
            <DeleteDocumentButton documentId={document.id} title={document.title} />
          </div>
        </section>
      )}
    </article>
  );
}
