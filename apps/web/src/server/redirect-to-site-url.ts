import type { IncomingMessage } from 'node:http';
import type { WebConfig } from '../config/web-config';

export type SiteOrigins = Pick<WebConfig, 'siteUrl' | 'siteAliases'>;

/**
 * Where a request on one of the site's other origins (SITE_ALIASES; 127.0.0.1 beside
 * localhost) belongs: the same path and query on SITE_URL, or null to answer it here. Sessions
 * are cookies of one host name and sign-in trusts the site's origins only, so a page on another
 * name would show forms that cannot work. Only reads (GET, HEAD) move, and never the API:
 * health checks, other services and a tab opened before the redirect reach it on any name.
 * Only the names the operator listed move: a proxy that rewrites Host to the app's own address
 * must not send every page round in a loop. X-Forwarded-Host is there only from a trusted proxy
 * (normalize-forwarded-headers.ts), which names the host the browser asked for.
 *
 * Here rather than in proxy.ts: Next turns a proxy's redirect to its own host name (localhost
 * in the default setup) into a relative one, which would loop on 127.0.0.1.
 */
export function siteUrlRedirect(request: IncomingMessage, site: SiteOrigins): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const target = request.url ?? '/';
  if (/^\/api(?:[/?]|$)/.test(target)) return null;
  const forwarded = request.headers['x-forwarded-host'];
  const host = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  const asked = (host || request.headers.host || '').toLowerCase();
  if (!site.siteAliases.some((alias) => new URL(alias).host === asked)) return null;
  return `${site.siteUrl}${target.startsWith('/') ? target : `/${target}`}`;
}
