import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { getConfig } from '@/server/server-context';
import { trackingBase } from '@/tracking/tracked-app';
import { TrackingProvider } from '@/tracking/tracking-context';

// Framed by other sites: never a search result of its own (the document page is).
export const metadata: Metadata = { robots: { index: false, follow: true } };

/**
 * Pages other sites put in an iframe: no site header or footer. Events say `client: 'embed'`
 * and use the tracker's cross-site cookie variant (`dpevent-video`, `SameSite=None; Secure`),
 * which browsers keep inside a third-party frame where `SameSite=Lax` cookies are not sent.
 */
export default async function EmbedLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <TrackingProvider config={trackingBase(getConfig(), 'embed')}>{children}</TrackingProvider>
  );
}
