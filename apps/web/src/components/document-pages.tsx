'use client';

import { memo, useEffect, useRef, useState } from 'react';
import { DocumentPageView, type PageImageOptions } from './document-page-view';
import { pageImageFromPattern } from './page-image-pattern';
import { useHydrated } from './use-hydrated';

/** How far outside the viewport a page starts loading: a screen's height above and below. */
const NEAR_MARGIN = '100% 0px';
/** Before the reader has scrolled: the pages in the viewport only. */
const ON_SCREEN_MARGIN = '0px';
/**
 * Pages whose places the server sends; the browser adds the others once it runs the page.
 * Every place costs the server rendering time and the page weight, and readers land on the
 * first pages (search results link later pages too: those are found once the rest are added).
 */
export const SERVER_RENDERED_PAGES = 40;
/**
 * How many of a document's pages a list renders: the first SERVER_RENDERED_PAGES in the
 * server's HTML (and as the browser hydrates it), every one once the page runs (`allListed`).
 */
export function useListedPages(pageCount: number): { listed: number; allListed: boolean } {
  const allListed = useHydrated();
  return { listed: allListed ? pageCount : Math.min(pageCount, SERVER_RENDERED_PAGES), allListed };
}

/** The gap between pages (`gap-6`), for the stand-in of the pages the server leaves out. */
const PAGE_GAP = '1.5rem';

/**
 * A document's pages, each filled in as the reader nears it: the HTML carries an empty section
 * for each of the first SERVER_RENDERED_PAGES pages (a stand-in of the same height for the
 * rest, placed once the browser runs the page) and the first page's text, never every page's
 * text (a 1,990-page document made 4.3 MB of HTML when it did). Page 1 is filled from the start,
 * for search engines and for the first screen; a `#page-N` link scrolls to N's section and
 * fills the pages around it. Rendered again only when its own props change (the reader's
 * toolbar and find state leave the pages as they are).
 */
export const DocumentPages = memo(function DocumentPages({
  documentId,
  pageCount,
  firstPageText,
  pageImagePattern,
  landscape,
  className,
  imageOptions,
}: {
  documentId: number;
  pageCount: number;
  firstPageText: string;
  /** A page image URL for PAGE_NUMBER_SLOT; `null` shows text (text view, or no stored PDF). */
  pageImagePattern: string | null;
  landscape: boolean;
  /** The list's layout (its gaps), which differs between the site and the embed. */
  className: string;
  /** The reader's srcset, zoom and text layer (the embed shows plain images). */
  imageOptions?: PageImageOptions;
}) {
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set([1]));
  const { listed: placed, allListed: allPlaced } = useListedPages(pageCount);
  const list = useRef<HTMLDivElement>(null);

  // A `#page-N` link beyond the server's pages found no section when the page loaded.
  useEffect(() => {
    if (!allPlaced) return;
    const target = /^#page-(\d+)$/.exec(window.location.hash);
    if (target && Number(target[1]) > SERVER_RENDERED_PAGES) {
      document.getElementById(`page-${target[1]}`)?.scrollIntoView();
    }
  }, [allPlaced]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: allPlaced is unread but renders the remaining sections, which must be observed too
  useEffect(() => {
    const sections = () => list.current?.querySelectorAll('section[id^="page-"]') ?? [];
    const watch = (rootMargin: string) => {
      const observer = new IntersectionObserver(
        (entries) => {
          const arriving = entries
            .filter((entry) => entry.isIntersecting)
            .map((entry) => {
              observer.unobserve(entry.target);
              return Number(entry.target.id.slice('page-'.length));
            });
          if (arriving.length === 0) return;
          setNear((previous) =>
            arriving.every((page) => previous.has(page))
              ? previous
              : new Set([...previous, ...arriving]),
          );
        },
        { rootMargin },
      );
      for (const section of sections()) observer.observe(section);
      return observer;
    };
    // Until the reader scrolls, only the pages on screen are filled: the next pages' images,
    // texts and text layers were loaded and rendered while the page was still starting (the
    // most blocking time of a phone's first load), for readers who may never scroll. The first
    // scroll (a key, a jump or a `#page-N` link scroll too) fills a screen ahead from then on.
    let observer = watch(ON_SCREEN_MARGIN);
    const widen = () => {
      observer.disconnect();
      observer = watch(NEAR_MARGIN);
    };
    // Capturing: the scroll of the reader's own box in full screen does not bubble.
    window.addEventListener('scroll', widen, { once: true, capture: true, passive: true });
    return () => {
      window.removeEventListener('scroll', widen, { capture: true });
      observer.disconnect();
    };
  }, [allPlaced]);

  return (
    <div ref={list} className={className}>
      {Array.from({ length: placed }, (_, index) => {
        const page = index + 1;
        return (
          <DocumentPageView
            key={page}
            documentId={documentId}
            page={page}
            pageCount={pageCount}
            near={near.has(page)}
            initialText={page === 1 ? firstPageText : undefined}
            imageSrc={pageImagePattern ? pageImageFromPattern(pageImagePattern, page) : null}
            landscape={landscape}
            imageOptions={imageOptions}
          />
        );
      })}
      {placed < pageCount ? (
        // The left-out pages' height, so the scroll bar and scroll depth are right meanwhile.
        <div
          aria-hidden="true"
          style={{
            // biome-ignore lint/suspicious/noApproximativeNumericConstant: the ratio of DocumentPageView's aspect-[1/1.414], which the left-out pages' height must match
            aspectRatio: `1 / ${(landscape ? 1 / 1.414 : 1.414) * (pageCount - placed)}`,
            marginBottom: `calc(${pageCount - placed - 1} * ${PAGE_GAP})`,
          }}
        />
      ) : null}
    </div>
  );
});
