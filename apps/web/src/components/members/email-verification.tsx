'use client';

import { useState } from 'react';
import { authClient } from '@/auth/auth-client';
import { FormMessage } from './account-section';

/** The address, whether it is confirmed, and a way to get a new confirmation link. */
export function EmailVerification({ email, verified }: { email: string; verified: boolean }) {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function resend() {
    setPending(true);
    setMessage(null);
    const result = await authClient.sendVerificationEmail({ email, callbackURL: '/account' });
    setPending(false);
    if (result.error) {
      setMessage({
        ok: false,
        text:
          result.error.status === 429
            ? 'We sent a link a moment ago. Wait a few minutes before asking for another.'
            : (result.error.message ?? 'The email was not sent. Try again.'),
      });
      return;
    }
    setMessage({ ok: true, text: `We sent a new confirmation link to ${email}.` });
  }

  return (
    <div className="space-y-3">
      <p className="text-slate-800">
        <span className="font-medium">{email}</span>{' '}
        {verified ? (
          <span className="ml-1 inline-block whitespace-nowrap rounded-full bg-emerald-50 px-2 py-0.5 text-sm text-emerald-800">
            Confirmed
          </span>
        ) : (
          <span className="ml-1 inline-block whitespace-nowrap rounded-full bg-amber-50 px-2 py-0.5 text-sm text-amber-900">
            Not confirmed yet
          </span>
        )}
      </p>
      {verified ? null : (
        <>
          <button
            type="button"
            onClick={resend}
            disabled={pending}
            className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:border-brand-600 disabled:opacity-60"
          >
            {pending ? 'Sending…' : 'Resend verification email'}
          </button>
          <FormMessage message={message} />
        </>
      )}
    </div>
  );
}
