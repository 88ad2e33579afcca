'use client';

import { MediaImage } from '@coursepack/images/media-image';
import { type ComponentType, memo, type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { containedPlacement, placeShape } from '@/reader/page-placement';
import { usePageText } from './use-page-text';

// scroll-mt: a `#page-N` jump lands below the sticky site header and the reader's toolbar
// (the reader sets --reader-offset to their height).
const PLACE = 'scroll-mt-[var(--reader-offset,8rem)]';
const SECTION = `${PLACE} rounded-lg border border-slate-200 bg-white shadow-sm`;

/** A loaded picture's height over its width; null before it has loaded. */
function shapeOf(image: HTMLImageElement): number | null {
  return image.naturalWidth > 0 && image.naturalHeight > 0
    ? image.naturalHeight / image.naturalWidth
    : null;
}

/** How the reader shows a page image: sharp on every screen, at its zoom, with a layer over it. */
export interface PageImageOptions {
  /** `srcset` for this page (the page number in place); `sizes` says the width it is shown at. */
  srcSet?: (page: number) => string;
  sizes?: string;
  /** CSS pixels of the page's width when zoomed; the column's width when absent. */
  width?: number;
  /**
   * Drawn over the page's picture (the text layer and find highlights), in a box of the
   * picture's shape (`shape`: its height over its width).
   */
  Overlay?: ComponentType<{ page: number; shape: number }>;
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
  // The picture's own shape once it has loaded: a Letter page or a slide shows with bars in
  // the A4 place, and what is drawn over it must cover the picture.
  const [pictureShape, setPictureShape] = useState(placeShape(landscape));
  const place = useRef<HTMLDivElement>(null);
  // A picture that loaded before hydration fired its load event before React listened.
  useEffect(() => {
    const image = place.current?.querySelector('img');
    const loaded = image?.complete ? shapeOf(image) : null;
    if (loaded) setPictureShape(loaded);
  }, []);
  const width = imageSrc ? imageOptions?.width : undefined;
  const style = width === undefined ? undefined : { width: `${width}px` };
  if (near && page === 1 && imageSrc) {
    // Page 1 is the reader's largest paint: asked for from the head, before the scripts.
    preload(imageSrc, {
      as: 'image',
      imageSrcSet: imageOptions?.srcSet?.(page),
      imageSizes: imageOptions?.sizes,
      fetchPriority: 'high',
    });
  }
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
          <div ref={place} className={`relative w-full bg-slate-100 ${shape}`}>
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
              onLoad={(event: SyntheticEvent<HTMLImageElement>) => {
                const loaded = shapeOf(event.currentTarget);
                if (loaded) setPictureShape(loaded);
              }}
              className="h-full w-full object-contain"
              fallback={
                <p className="grid h-full place-items-center p-6 text-center text-sm text-slate-600">
                  This page’s image could not be loaded; its text is available in the text view.
                </p>
              }
            />
            {Overlay ? (
              <div
                className="absolute"
                style={containedPlacement(placeShape(landscape), pictureShape)}
              >
                <Overlay page={page} shape={pictureShape} />
              </div>
            ) : null}
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
