import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { getConfig } from '@/server/server-context';
import { interFont } from './inter-font';
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
    openGraph: {
      siteName: 'Coursepack',
      type: 'website',
      // Through the image optimiser like the app's other static images (1200 is a device width).
      images: [
        {
          url: '/_next/image?url=%2Fbrand%2Fog.png&w=1200&q=75',
          width: 1200,
          height: 630,
          alt: 'Coursepack — course notes, slides and past exams',
        },
      ],
    },
  };
}

export const viewport: Viewport = { themeColor: '#2f55d4', width: 'device-width', initialScale: 1 };

/**
 * The document shell only. The site's header, footer and tracking are in `(site)/layout.tsx`;
 * `/embed/*` pages, framed by other sites, bring their own bare layout.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en" className={interFont.variable}>
      <body className="flex min-h-screen flex-col">{children}</body>
    </html>
  );
}
