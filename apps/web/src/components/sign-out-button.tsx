'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';

/**
 * Signs out through better-auth's client, loaded on the click: the button is in the header of
 * every page, and the client (about 13 KB compressed) would otherwise load with each of them.
 */
export function SignOutButton({ className }: { className?: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      className={className}
      onClick={async () => {
        setPending(true);
        const { authClient } = await import('@/auth/auth-client');
        await authClient.signOut();
        router.push('/');
        router.refresh();
      }}
    >
      {pending ? 'Signing out…' : 'Sign out'}
    </button>
  );
}
