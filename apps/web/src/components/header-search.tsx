'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { SearchBox } from './search-box';

/** Pages whose own search field is the page's only one: the header offers none there. */
const PAGES_WITH_SEARCH_FIELD = new Set(['/', '/search']);

/** The header's search: a compact field on wide screens, a link to the search page on phones. */
export function HeaderSearch() {
  const pathname = usePathname();
  if (PAGES_WITH_SEARCH_FIELD.has(pathname)) return <div className="ml-auto" />;
  return (
    <>
      <Link
        href="/search"
        className="ml-auto grid h-10 w-10 shrink-0 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-none stroke-current">
          <circle cx="8.5" cy="8.5" r="5.5" strokeWidth="2" />
          <path d="m13 13 4.5 4.5" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="sr-only">Search</span>
      </Link>
      <div className="ml-auto hidden w-72 md:block">
        <SearchBox id="header-search" compact />
      </div>
    </>
  );
}
