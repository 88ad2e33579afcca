'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import { useTrackProductAction } from '@/tracking/use-track-product-action';

/** A link to a search result that records `result / open` with the result's rank. */
export function SearchResultLink({
  href,
  entity,
  id,
  rank,
  className,
  children,
}: {
  href: string;
  entity: 'course' | 'document';
  id: number;
  rank: number;
  className?: string;
  children: ReactNode;
}) {
  const track = useTrackProductAction();
  return (
    <Link
      href={href}
      className={className}
      onClick={() =>
        void track('searchResultOpened', {
          related: { id, entity },
          meta: { rank, source: 'results' },
        })
      }
    >
      {children}
    </Link>
  );
}
