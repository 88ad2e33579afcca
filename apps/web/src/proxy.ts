import { type NextRequest, NextResponse } from 'next/server';
import { isDatabaseDown, RETRY_AFTER_SECONDS } from '@/server/database-health';
import { getConfig } from '@/server/server-context';

/**
 * A page asked for on one of the site's other origins (SITE_ALIASES; 127.0.0.1 beside
 * localhost): the same path on SITE_URL, before a form is shown there. Sessions are cookies of
 * one host name, and sign-in is refused from an origin that is not the site's, so a page on
 * another name would show forms that cannot work. Only the names the operator listed redirect:
 * a proxy that rewrites Host to the app's own address must not send every page round in a loop.
 * X-Forwarded-Host is there only from a trusted proxy (server/normalize-forwarded-headers.ts).
 */
function canonicalRedirect(request: NextRequest): NextResponse | undefined {
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  const { siteUrl, siteAliases } = getConfig();
  if (!host || !siteAliases.some((alias) => new URL(alias).host === host)) return undefined;
  const { pathname, search } = request.nextUrl;
  return NextResponse.redirect(`${siteUrl}${pathname}${search}`, {
    status: 308,
    // Remembered for a while, not for good: the operator may change SITE_URL.
    headers: { 'cache-control': 'public, max-age=3600' },
  });
}

/**
 * Pages on another of the site's origins: a redirect to SITE_URL. Pages while PostgreSQL is
 * unreachable: a 503 that says so, with Retry-After, instead of the error page's 500. Costs one property read while the database is up (`isDatabaseDown` probes
 * only after a request found it down), and lets pages through again once a probe gets through.
 * API routes answer their own 503 (`errorResponse`), so they are not matched here.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const redirect = canonicalRedirect(request);
  if (redirect) return redirect;
  if (!(await isDatabaseDown())) return NextResponse.next();
  return new NextResponse(UNAVAILABLE_PAGE, {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': String(RETRY_AFTER_SECONDS),
    },
  });
}

export const config = {
  matcher: [
    {
      source: '/((?!api/|_next/static|_next/image|brand/|icon.svg).*)',
      // Only requests without a body: for one with a body Next would buffer up to 10 MB of it
      // for the proxy, and pages are read with GET anyway.
      missing: [
        { type: 'header', key: 'content-length' },
        { type: 'header', key: 'transfer-encoding' },
      ],
    },
  ],
};

const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">
<title>Coursepack is briefly unavailable</title>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; color: #0f172a">
<h1>Coursepack is briefly unavailable</h1>
<p>We cannot reach our database right now. This page reloads by itself in a few seconds.</p>
</body>
</html>
`;
