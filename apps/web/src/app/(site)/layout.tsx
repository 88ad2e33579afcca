import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { SiteChrome } from '@/components/site-chrome';

/**
 * Every page of the site proper. A route group: URLs do not include `(site)`. Pages that other
 * sites frame (`/embed/*`) live outside it, without the header and footer.
 */
export default async function SiteLayout({ children }: { children: ReactNode }) {
  await connection();
  return <SiteChrome>{children}</SiteChrome>;
}
