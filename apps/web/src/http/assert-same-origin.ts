import { AppError } from '@/errors/app-error';

/**
 * Refuses a cookie-authenticated mutation sent from another site (CSRF). better-auth's cookies
 * are SameSite=Lax, which already keeps them off cross-site POSTs; this is the second lock.
 * Browsers send `Origin` on every POST, PATCH and DELETE; a request without one comes from a
 * non-browser client, which cannot ride on a visitor's cookies, unless `Sec-Fetch-Site` says it
 * is cross-site.
 */
export function assertSameOrigin(request: Request, siteUrl: string): void {
  const origin = request.headers.get('origin');
  if (origin === null) {
    if (request.headers.get('sec-fetch-site') === 'cross-site') throw crossSite();
    return;
  }
  if (!URL.canParse(origin)) throw crossSite();
  const host = new URL(origin).host;
  // X-Forwarded-Host reaches here only from a proxy TRUST_PROXY names: the web server drops a
  // client's own (server/normalize-forwarded-headers.ts) and Next then sets it to Host.
  const ownHosts = [
    new URL(siteUrl).host,
    request.headers.get('x-forwarded-host'),
    request.headers.get('host'),
  ];
  if (!ownHosts.includes(host)) throw crossSite();
}

function crossSite(): AppError {
  return new AppError('forbidden', 'This request came from another site; send it from Coursepack.');
}
