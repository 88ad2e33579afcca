import Link from 'next/link';

export interface SiteLink {
  href: string;
  label: string;
}

/** Where anyone goes: in the header on wide screens, in the menu on phones. */
export const MAIN_LINKS: readonly SiteLink[] = [
  { href: '/courses', label: 'Courses' },
  { href: '/search', label: 'Search' },
];

const DASHBOARD: SiteLink = { href: '/dashboard', label: 'Dashboard' };
const NEW_COURSE: SiteLink = { href: '/courses/new', label: 'New course' };

/** What a course owner (or an admin) reaches from the header itself. */
export const OWNER_LINKS: readonly SiteLink[] = [DASHBOARD, NEW_COURSE];

/** A member's own pages, in the account menu; the dashboard only for those who have one. */
export function memberLinks(isOwner: boolean): SiteLink[] {
  return [
    { href: '/library', label: 'My library' },
    ...(isOwner ? [DASHBOARD] : []),
    NEW_COURSE,
    { href: '/account', label: 'Account' },
  ];
}

export function SiteLinks({ links, className }: { links: readonly SiteLink[]; className: string }) {
  return links.map((link) => (
    <Link key={link.href} href={link.href} className={className}>
      {link.label}
    </Link>
  ));
}
