import Link from 'next/link';
import { canManageCatalog } from '@/auth/permissions';
import type { Viewer } from '@/auth/viewer';
import { avatarUrl } from '@/media/media-urls';
import { Disclosure } from './disclosure';
import { SignOutButton } from './sign-out-button';
import { MAIN_LINKS, memberLinks, SiteLinks } from './site-links';

const ITEM =
  'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100';
const UPLOAD = { href: '/upload', label: 'Upload' };
const CATALOG_ADMIN = { href: '/admin/catalog', label: 'Institutions and subjects' };
const PANEL =
  'fixed inset-x-0 top-16 z-30 border-b border-slate-200 bg-white p-2 shadow-lg md:absolute md:inset-x-auto md:top-full md:right-0 md:mt-2 md:w-56 md:rounded-xl md:border';

function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 stroke-current">
      <path d="M3 5h14M3 10h14M3 15h14" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Sign-in links for visitors (and, on phones, a menu with the main links); for members, upload
 * and the account menu, which on phones also holds the main links.
 */
export function UserMenu({ viewer, isOwner }: { viewer: Viewer | null; isOwner: boolean }) {
  if (!viewer) {
    return (
      <div className="flex items-center gap-2 text-sm font-medium">
        <Link
          href="/sign-in"
          className="rounded-lg px-3 py-1.5 text-slate-700 hover:text-brand-700"
        >
          Sign in
        </Link>
        <Link
          href="/sign-up"
          className="hidden rounded-lg bg-brand-600 px-3 py-1.5 text-white hover:bg-brand-700 md:block"
        >
          Sign up
        </Link>
        <Disclosure
          className="relative md:hidden"
          summaryClassName="grid h-10 w-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100"
          summary={
            <>
              <MenuIcon />
              <span className="sr-only">Menu</span>
            </>
          }
        >
          <div className={PANEL}>
            <SiteLinks
              links={[...MAIN_LINKS, { href: '/sign-up', label: 'Sign up' }]}
              className={ITEM}
            />
          </div>
        </Disclosure>
      </div>
    );
  }
  const avatar = avatarUrl(viewer.image, 64);
  const initial = (viewer.name.trim()[0] ?? viewer.email[0] ?? '?').toUpperCase();
  return (
    <div className="flex items-center gap-3 text-sm font-medium">
      <Link href={UPLOAD.href} className="hidden text-slate-700 hover:text-brand-700 md:block">
        {UPLOAD.label}
      </Link>
      <Disclosure
        className="relative"
        summaryClassName="flex items-center gap-2 rounded-lg px-2 py-1 hover:bg-slate-100"
        summary={
          <>
            <span className="text-slate-700 md:hidden">
              <MenuIcon />
            </span>
            {avatar ? (
              // biome-ignore lint/performance/noImgElement: the media service already sized it; next/image would only resize it again
              <img
                src={avatar}
                alt=""
                width={32}
                height={32}
                className="h-8 w-8 rounded-full border border-slate-200 object-cover"
              />
            ) : (
              <span
                aria-hidden="true"
                className="grid h-8 w-8 place-items-center rounded-full bg-brand-100 font-semibold text-brand-800"
              >
                {initial}
              </span>
            )}
            <span className="sr-only">Account menu for {viewer.name}</span>
            <span aria-hidden="true" className="hidden max-w-32 truncate text-slate-800 md:inline">
              {viewer.name}
            </span>
          </>
        }
      >
        <div className={PANEL}>
          <p className="truncate px-3 py-2 text-xs text-slate-600">{viewer.email}</p>
          <SiteLinks links={[...MAIN_LINKS, UPLOAD]} className={`${ITEM} md:hidden`} />
          <SiteLinks links={memberLinks(isOwner)} className={ITEM} />
          {canManageCatalog(viewer) ? <SiteLinks links={[CATALOG_ADMIN]} className={ITEM} /> : null}
          <SignOutButton className={ITEM} />
        </div>
      </Disclosure>
    </div>
  );
}
