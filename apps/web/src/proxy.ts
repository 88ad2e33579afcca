import { NextResponse } from 'next/server';
import { isDatabaseDown, RETRY_AFTER_SECONDS } from '@/server/database-health';

/**
 * Pages while PostgreSQL is unreachable: a 503 that says so, with Retry-After, instead of the
 * error page's 500. Costs one property read while the database is up (`isDatabaseDown` probes
 * only after a request found it down), and lets pages through again once a probe gets through.
 * API routes answer their own 503 (`errorResponse`), so they are not matched here.
 */
export async function proxy(): Promise<NextResponse> {
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
