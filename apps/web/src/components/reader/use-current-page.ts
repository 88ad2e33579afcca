'use client';

import { type RefObject, useEffect, useState } from 'react';

/**
 * The page being read: the one crossing a line a third of the way down the viewport, watched
 * as the reader scrolls (IntersectionObserver, no scroll handler). Sections added later (the
 * pages placed once the browser runs the page) are watched as they appear.
 */
export function useCurrentPage(list: RefObject<HTMLElement | null>, initial = 1): number {
  const [current, setCurrent] = useState(initial);
  useEffect(() => {
    const root = list.current;
    if (!root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) setCurrent(Number(entry.target.id.slice('page-'.length)));
        }
      },
      { rootMargin: '-33% 0px -66% 0px' },
    );
    for (const section of root.querySelectorAll('section[id^="page-"]')) observer.observe(section);
    const additions = new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (node instanceof HTMLElement && node.matches('section[id^="page-"]')) {
            observer.observe(node);
          }
        }
      }
    });
    additions.observe(root, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      additions.disconnect();
    };
  }, [list]);
  return current;
}
