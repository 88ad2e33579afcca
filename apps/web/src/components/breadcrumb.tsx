import Link from 'next/link';
import { Fragment } from 'react';

/**
 * The trail above a page's title: links to where the page sits, separated by " / ", then where
 * the reader is (`current`, not a link) if it is not the last link's page itself.
 */
export function Breadcrumb({
  links,
  current,
}: {
  links: { href: string; label: string }[];
  current?: string;
}) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
      {links.map((link, index) => (
        <Fragment key={link.href}>
          {index > 0 ? ' / ' : null}
          <Link href={link.href} className="hover:text-brand-700 hover:underline">
            {link.label}
          </Link>
        </Fragment>
      ))}
      {current ? ` / ${current}` : null}
    </nav>
  );
}
