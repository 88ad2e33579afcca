'use client';

import { useEffect, useRef, useState } from 'react';
import { DocumentPageView } from './document-page-view';
import { pageImageFromPattern } from './page-image-pattern';

/** How far outside the viewport a page starts loading: a screen's height above and below. */
const NEAR_MARGIN = '100% 0px';

/**
 * A document's pages, each filled in as the reader nears it: the HTML carries one empty section
 * per page and the first page's text, never every page's text (a 1,990-page document made
 * 4.3 MB of HTML when it did). Page 1 is filled from the start, for search engines and for the
 * first screen; a `#page-N` link scrolls to N's section and fills the pages around it.
 */
export function DocumentPages({
  documentId,
  pageCount,
  firstPageText,
  pageImagePattern,
  landscape,
  className,
}: {
  documentId: number;
  pageCount: number;
  firstPageText: string;
  /** A page image URL for PAGE_NUMBER_SLOT; `null` shows text (text view, or no stored PDF). */
  pageImagePattern: string | null;
  landscape: boolean;
  /** The list's layout (its gaps), which differs between the site and the embed. */
  className: string;
}) {
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set([1]));
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const observer = new IntersectionObserver(
      (entries) => {
        const arriving = entries
          .filter((entry) => entry.isIntersecting)
          .map((entry) => {
            observer.unobserve(entry.target);
            return Number(entry.target.id.slice('page-'.length));
          });
        if (arriving.length === 0) return;
        setNear((previous) => new Set([...previous, ...arriving]));
      },
      { rootMargin: NEAR_MARGIN },
    );
    for (const section of list.current?.querySelectorAll('section[id^="page-"]') ?? []) {
      observer.observe(section);
    }
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={list} className={className}>
      {Array.from({ length: pageCount }, (_, index) => {
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
          />
        );
      })}
    </div>
  );
}
