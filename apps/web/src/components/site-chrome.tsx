import type { ReactNode } from 'react';
import { preconnect } from 'react-dom';
import { getViewer } from '@/auth/get-viewer';
import { ConfirmEmailBanner } from '@/components/members/confirm-email-banner';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader } from '@/components/site-header';
import { Toaster } from '@/components/toaster';
import { getConfig } from '@/server/server-context';
import { trackingBase } from '@/tracking/tracked-app';
import { TrackingProvider } from '@/tracking/tracking-context';

/**
 * The site around a page: skip link, header, main, footer, the toast and the site's tracking
 * configuration. Used by the `(site)` layout and by the root not-found page (unmatched URLs
 * render under the root layout only). Embeds (`/embed/*`) have their own bare layout.
 */
export async function SiteChrome({ children }: { children: ReactNode }) {
  const viewer = await getViewer();
  // Covers and page images come from the media service: open the connection with the page.
  preconnect(new URL(getConfig().mediaBaseUrl).origin);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <TrackingProvider config={trackingBase(getConfig(), 'web')}>
        {/* No Suspense around it: every page renders per request, so the toast and the menus
            read the URL on the server, and the page arrives whole, as it must without JS. */}
        <Toaster>
          <SiteHeader />
          <ConfirmEmailBanner viewer={viewer} />
          <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
            {children}
          </main>
          <SiteFooter />
        </Toaster>
      </TrackingProvider>
    </>
  );
}
