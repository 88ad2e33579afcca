import { MediaImage } from '@coursepack/images/media-image';
import type { DocumentPage } from '@/catalog/get-document';

/**
 * One page of a document: the rendered PDF page, with its extracted text kept in
 * the page as the accessible text layer (screen readers, find-in-page, copying in
 * text view). Without a page image (text view, or no stored PDF) the text is shown.
 */
export function DocumentPageView({
  page,
  pageCount,
  imageSrc,
  landscape,
}: {
  page: DocumentPage;
  pageCount: number;
  imageSrc: string | null;
  landscape: boolean;
}) {
  return (
    <section
      id={`page-${page.number}`}
      aria-label={`Page ${page.number}`}
      className="rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <p className="border-b border-slate-100 px-4 py-2 text-xs font-medium uppercase tracking-wide text-slate-500">
        Page {page.number} of {pageCount}
      </p>
      {imageSrc ? (
        <>
          <div
            className={`w-full bg-slate-100 ${landscape ? 'aspect-[1.414]' : 'aspect-[1/1.414]'}`}
          >
            <MediaImage
              src={imageSrc}
              alt=""
              aria-hidden="true"
              loading={page.number <= 1 ? 'eager' : 'lazy'}
              decoding="async"
              className="h-full w-full object-contain"
              fallback={
                <p className="grid h-full place-items-center p-6 text-center text-sm text-slate-600">
                  This page’s image could not be loaded; its text is available in the text view.
                </p>
              }
            />
          </div>
          <div className="sr-only">{page.text}</div>
        </>
      ) : (
        <div className="whitespace-pre-line px-6 py-8 font-serif text-[1.05rem] leading-relaxed text-slate-900 sm:px-10">
          {page.text}
        </div>
      )}
    </section>
  );
}
