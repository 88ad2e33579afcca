'use client';

import { authClient } from '@/auth/auth-client';

const LABELS = { github: 'GitHub', google: 'Google' } as const;
export type SocialProvider = keyof typeof LABELS;

/** Buttons for the OAuth providers the operator enabled (none by default). */
export function SocialSignIn({ providers, next }: { providers: SocialProvider[]; next: string }) {
  if (providers.length === 0) return null;
  return (
    <div className="mt-6 space-y-2 border-t border-slate-200 pt-6">
      {providers.map((provider) => (
        <button
          key={provider}
          type="button"
          onClick={() => void authClient.signIn.social({ provider, callbackURL: next })}
          className="w-full rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-medium text-slate-800 hover:bg-slate-50"
        >
          Continue with {LABELS[provider]}
        </button>
      ))}
    </div>
  );
}
