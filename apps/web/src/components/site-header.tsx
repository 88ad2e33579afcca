import Image from 'next/image';
import Link from 'next/link';
import { countOwnedCourses } from '@/auth/count-owned-courses';
import { getViewer } from '@/auth/get-viewer';
import { canOpenDashboard } from '@/auth/permissions';
import { getDb } from '@/server/server-context';
import { HeaderSearch } from './header-search';
import { MAIN_LINKS, OWNER_LINKS, SiteLinks } from './site-links';
import { UserMenu } from './user-menu';

/**
 * One row of at most 64 px at every width: the logo, the main links (in the menu on phones),
 * search, and the account menu. Course owners also find Dashboard and New course here.
 */
export async function SiteHeader() {
  const viewer = await getViewer();
  const isOwner =
    viewer !== null && canOpenDashboard(viewer, await countOwnedCourses(await getDb(), viewer.id));
  // A shadow, not a border, draws the line below: the row stays 64 px tall.
  return (
    <header className="sticky top-0 z-20 bg-white/95 shadow-[0_1px_0_var(--color-slate-200)] backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 md:gap-6">
        <Link href="/" className="flex shrink-0 items-center gap-2 font-semibold text-ink">
          {/* A static image of the app: through /_next/image at next.config.ts's widths. */}
          <Image src="/brand/logo.png" alt="" width={32} height={32} priority />
          <span className="text-lg tracking-tight">Coursepack</span>
        </Link>
        <nav
          aria-label="Main"
          className="hidden items-center gap-4 text-sm font-medium text-slate-700 md:flex"
        >
          <SiteLinks
            links={isOwner ? [...MAIN_LINKS, ...OWNER_LINKS] : MAIN_LINKS}
            className="hover:text-brand-700"
          />
        </nav>
        <HeaderSearch />
        <UserMenu viewer={viewer} isOwner={isOwner} />
      </div>
    </header>
  );
}
