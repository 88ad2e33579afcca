import Image from 'next/image';
import Link from 'next/link';
import { SearchBox } from './search-box';
import { UserMenu } from './user-menu';

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link
          href="/"
          className="flex items-center gap-2 font-semibold text-ink"
          aria-label="Coursepack home"
        >
          {/* A static image of the app: served through /_next/image at SPEC.md's widths. */}
          <Image src="/brand/logo.png" alt="" width={32} height={32} priority />
          <span className="text-lg tracking-tight">Coursepack</span>
        </Link>
        <nav
          aria-label="Main"
          className="flex items-center gap-4 text-sm font-medium text-slate-700"
        >
          <Link href="/courses" className="hover:text-brand-700">
            Courses
          </Link>
          <Link href="/search" className="hover:text-brand-700">
            Search
          </Link>
        </nav>
        <div className="order-last w-full sm:order-none sm:ml-auto sm:w-80">
          <SearchBox id="header-search" compact />
        </div>
        <div className="ml-auto sm:ml-0">
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
