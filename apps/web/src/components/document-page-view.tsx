'use client';

import { MediaImage } from '@coursepack/images/media-image';
import { type ComponentType, memo } from 'react';
import { usePageText } from './use-page-text';

// scroll-mt: a `#page-N` jump lands below the sticky site header and the reader's toolbar
// (the reader sets --reader-offset to their height).
const PLACE = 'scroll-mt-[var(--reader-offset,8rem)]';
const SECTION = `${PLACE} rounded-lg border border-slate-200 bg-white shadow-sm`;

/** How the reader shows a page image: sharp on every screen, at its zoom, with a layer over it. */
export interface PageImageOptions {
  /** `srcset` for this page (the page number in place); `sizes` says the width it is shown at. */
  srcSet?: (page: number) => string;
  sizes?: string;
  /** CSS pixels of the page's width when zoomed; the column's width when absent. */
  width?: number;
  /** Drawn over the page image (the text layer and find highlights). */
  Overlay?: ComponentType<{ page: number }>;
  /** Renders a page's text in the text view (find highlights); the plain text when absent. */
  Text?: ComponentType<{ page: number; text: string }>;
}

/**
 * One page of a document. Until the reader nears it (`near`), only its place: an empty,
 * unnamed section of a page's shape, so `#page-N` links and scroll depth work for every page while the HTML of
 * a 2,000-page document stays small. Near, the rendered PDF page (lazy) with its extracted text
 * as the accessible text layer (screen readers, find-in-page, copying); without a page image
 * (text view, or no stored PDF) the text is shown.
 */
export const DocumentPageView = memo(function DocumentPageView({
  documentId,
  page,
  pageCount,
  near,
  initialText,
  imageSrc,
  landscape,
  imageOptions,
}: {
  documentId: number;
  page: number;
  pageCount: number;
  near: boolean;
  initialText: string | undefined;
  imageSrc: string | null;
  landscape: boolean;
  imageOptions?: PageImageOptions | undefined;
}) {
  const text = usePageText(documentId, page, near, initialText);
  const shape = landscape ? 'aspect-[1.414]' : 'aspect-[1/1.414]';
  const width = imageSrc ? imageOptions?.width : undefined;
  const style = width === undefined ? undefined : { width: `${width}px` };
  if (!near) {
    // Nothing but its place (about 50 bytes of HTML): 2,000 of these weigh 100 KB.
    return <section id={`page-${page}`} className={`${PLACE} ${shape}`} style={style} />;
  }
  const Overlay = imageOptions?.Overlay;
  const Text = imageOptions?.Text;
  const body =
    text.state === 'loaded'
      ? text.text
      : text.state === 'failed'
        ? 'This page’s text could not be loaded.'
        : '';
  return (
    <section
      id={`page-${page}`}
      aria-label={`Page ${page}`}
      className={`${SECTION} ${width === undefined ? '' : 'shrink-0'}`}
      style={style}
    >
      <p className="border-b border-slate-100 px-4 py-2 text-xs font-medium uppercase tracking-wide text-slate-500">
        Page {page} of {pageCount}
      </p>
      {imageSrc ? (
        <>
          <div className={`relative w-full bg-slate-100 ${shape}`}>
            <MediaImage
              src={imageSrc}
              srcSet={imageOptions?.srcSet?.(page)}
              sizes={imageOptions?.sizes}
              alt=""
              aria-hidden="true"
              loading={page <= 1 ? 'eager' : 'lazy'}
              // Page 1 is the largest thing the first screen paints: asked for before the scripts.
              fetchPriority={page === 1 ? 'high' : 'auto'}
              decoding="async"
              className="h-full w-full object-contain"
              fallback={
                <p className="grid h-full place-items-center p-6 text-center text-sm text-slate-600">
                  This page’s image could not be loaded; its text is available in the text view.
                </p>
              }
            />
            {Overlay ? <Overlay page={page} /> : null}
          </div>
          <div className="sr-only">{body}</div>
        </>
      ) : (
        <div
          aria-busy={text.state === 'loading'}
          className="min-h-40 whitespace-pre-line break-words px-5 py-6 font-serif text-[1.05rem] leading-relaxed text-slate-900 hyphens-auto sm:px-10 sm:py-8"
        >
          {text.state === 'loading' ? (
            <span className="text-slate-500">Loading the text…</span>
          ) : Text && text.state === 'loaded' ? (
            <Text page={page} text={body} />
          ) : (
            body
          )}
        </div>
      )}
    </section>
  );
});
