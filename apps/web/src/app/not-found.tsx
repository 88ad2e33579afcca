import { SiteChrome } from '@/components/site-chrome';
import SiteNotFound from './(site)/not-found';

export { metadata } from './(site)/not-found';

/**
 * Unmatched URLs. They render under the root layout only (not the `(site)` one), so this adds the
 * site around the message; `notFound()` in a site page uses `(site)/not-found.tsx` inside its layout.
 */
export default function NotFound() {
  return (
    <SiteChrome>
      <SiteNotFound />
    </SiteChrome>
  );
}
