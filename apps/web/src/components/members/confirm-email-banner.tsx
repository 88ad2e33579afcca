import Link from 'next/link';
import type { Viewer } from '@/auth/viewer';

/**
 * Until a member confirms their address, every page says where the link went and how to get
 * another: sign-up sends the mail, and this is how a new member learns of it.
 */
export function ConfirmEmailBanner({ viewer }: { viewer: Viewer | null }) {
  if (!viewer || viewer.emailVerified) return null;
  return (
    <aside
      aria-label="Confirm your email address"
      className="border-b border-amber-200 bg-amber-50"
    >
      <p className="mx-auto max-w-6xl px-4 py-3 text-sm text-amber-950">
        Confirm your email address: we sent a link to{' '}
        <span className="font-semibold">{viewer.email}</span>.{' '}
        <Link href="/account#email" className="font-medium underline hover:no-underline">
          Send a new link
        </Link>
      </p>
    </aside>
  );
}
