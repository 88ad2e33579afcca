/** localhost, its subdomains, and IPv4/IPv6 literals: no `Secure` flag and no `Domain` there. */
export function isLocalHost(hostname: string): boolean {
  return /(^|\.)localhost$|^[\d.]+$|:/.test(hostname);
}

/**
 * The `Domain` for the tracking cookies: the host without its first label when it has more than
 * two (`app.coursepack.dev` → `coursepack.dev`), so every subdomain shares one session. Hosts with
 * two labels or fewer, local hosts and IPs get host-only cookies (`undefined`). When the result is
 * one the browser refuses — a public suffix (`example.co.uk` → `co.uk`), or `com.` from a
 * fully-qualified `example.com.` — the cookie store notices and falls back to host-only.
 */
export function deriveCookieDomain(hostname: string): string | undefined {
  const labels = hostname.split('.');
  return labels.length > 2 && !isLocalHost(hostname) ? labels.slice(1).join('.') : undefined;
}
