'use client';

import { MediaImage } from '@coursepack/images/media-image';
import { type MouseEvent, memo, useEffect, useRef } from 'react';
import { useListedPages } from '../document-pages';

/**
 * The pages as small images (numbers in the text view), the page being read marked; choosing
 * one goes to it. Beside the pages on wide screens, in the pages sheet on phones. Thumbnails
 * load as they scroll into view. The server lists the first SERVER_RENDERED_PAGES, as it places
 * the pages themselves, and the browser the rest once it runs the page: every page listed made a
 * 1,990-page document's HTML 1.4 MB. Rendered again only when its own props change (the page
 * being read), not for the reader's other state (zoom, find, the toolbar's measured height).
 */
export const PageRail = memo(function PageRail({
  pageCount,
  current,
  thumbnailOf,
  onChoose,
  layout,
}: {
  pageCount: number;
  current: number;
  thumbnailOf: ((page: number) => string) | null;
  onChoose: (page: number) => void;
  layout: 'column' | 'grid';
}) {
  const list = useRef<HTMLOListElement>(null);
  const { listed, allListed } = useListedPages(pageCount);

  // Keeps the current page's thumbnail in the rail's view, scrolling the rail only (never the page).
  // A rail still at page 1 shows it at its top: measuring there as the reader hydrates would
  // only lay the page out early. A page beyond the server's list is found once the rest are
  // listed.
  const leftPageOne = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: allListed is unread but lists the page to scroll to
  useEffect(() => {
    if (current !== 1) leftPageOne.current = true;
    if (!leftPageOne.current) return;
    const rail = list.current?.parentElement;
    const item = list.current?.querySelector<HTMLElement>(`[data-page="${current}"]`);
    if (!rail || !item) return;
    // Measured on screen: offsetTop counts from the nearest positioned ancestor, which for a
    // sticky rail is the rail itself (its own offsetTop grows as the page scrolls), so the
    // difference of the two left the rail at its top beyond the first screen of pages.
    const top =
      item.getBoundingClientRect().top - rail.getBoundingClientRect().top + rail.scrollTop;
    if (top < rail.scrollTop || top + item.offsetHeight > rail.scrollTop + rail.clientHeight) {
      rail.scrollTop = top - rail.clientHeight / 2 + item.offsetHeight / 2;
    }
  }, [current, allListed]);

  const choose = (event: MouseEvent<HTMLAnchorElement>, page: number) => {
    event.preventDefault();
    onChoose(page);
  };
  return (
    <ol
      ref={list}
      className={
        layout === 'grid' ? 'grid grid-cols-3 gap-3 sm:grid-cols-4' : 'flex flex-col gap-3'
      }
    >
      {Array.from({ length: listed }, (_, index) => index + 1).map((page) => {
        const isCurrent = page === current;
        return (
          <li key={page} data-page={page}>
            <a
              href={`#page-${page}`}
              onClick={(event) => choose(event, page)}
              aria-current={isCurrent ? 'page' : undefined}
              aria-label={`Page ${page}`}
              className="group block rounded-md p-1 text-center text-xs font-medium text-slate-600 hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800"
            >
              {thumbnailOf ? (
                <MediaImage
                  src={thumbnailOf(page)}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="aspect-[1/1.414] w-full rounded-sm border border-slate-200 bg-white object-contain group-aria-[current=page]:border-brand-600 group-aria-[current=page]:ring-2 group-aria-[current=page]:ring-brand-600"
                  fallback={
                    <span className="block aspect-[1/1.414] w-full rounded-sm border border-slate-200 bg-slate-100" />
                  }
                />
              ) : null}
              <span className="mt-1 block">{page}</span>
            </a>
          </li>
        );
      })}
    </ol>
  );
});
