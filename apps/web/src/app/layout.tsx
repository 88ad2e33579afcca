import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader } from '@/components/site-header';
import { getConfig } from '@/lib/server-context';
import { TrackingProvider } from '@/tracking/tracking-context';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  // The site URL is runtime configuration, so nothing is prerendered at build time.
  await connection();
  return {
    metadataBase: new URL(getConfig().siteUrl),
    title: {
      default: 'Coursepack — course notes, slides and past exams',
      template: '%s · Coursepack',
    },
    description:
      'Browse courses, read lecture notes, slides, exercise sheets and past exams page by page, and find any topic with full-text search.',
    openGraph: { siteName: 'Coursepack', type: 'website' },
  };
}

export const viewport: Viewport = { themeColor: '#2f55d4', width: 'device-width', initialScale: 1 };

/** Fields of every tracked event: which app, build of the URL scheme and client sent it. */
const TRACKED_APP = { app: 'coursepack-web', url_path_version: 'v1', client: 'web' } as const;

export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  const { trackingEndpoint, trackingEnvironment } = getConfig();
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <TrackingProvider
          config={{ ...TRACKED_APP, endpoint: trackingEndpoint, environment: trackingEnvironment }}
        >
          <SiteHeader />
          <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
            {children}
          </main>
          <SiteFooter />
        </TrackingProvider>
      </body>
    </html>
  );
}
