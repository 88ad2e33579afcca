'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { authClient } from '@/auth/auth-client';
import { FormMessage, INPUT } from './account-section';

/** Deletes the account after the password (or, without one, a recent sign-in) confirms it. */
export function DeleteAccountForm({ hasPassword }: { hasPassword: boolean }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setPending(true);
    setMessage(null);
    const result = await authClient.deleteUser(hasPassword ? { password } : {});
    if (result.error) {
      setPending(false);
      setMessage({
        ok: false,
        text:
          result.error.code === 'INVALID_PASSWORD'
            ? 'That is not your password; nothing was deleted.'
            : result.error.code === 'SESSION_EXPIRED'
              ? 'For safety, sign out and sign in again, then delete your account.'
              : `Nothing was deleted: ${result.error.message ?? 'try again.'}`,
      });
      return;
    }
    router.push('/');
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} className="max-w-md space-y-4">
      <FormMessage message={message} />
      {hasPassword ? (
        <div className="space-y-1">
          <label htmlFor="delete-password" className="block text-sm font-medium text-slate-800">
            Your password, to confirm
          </label>
          <input
            id="delete-password"
            name="password"
            type="password"
            required
            autoComplete="current-password"
            className={INPUT}
          />
        </div>
      ) : null}
      <button
        type="submit"
        disabled={pending}
        className="rounded-lg bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 disabled:opacity-60"
      >
        {pending ? 'Deleting…' : 'Delete my account and my content'}
      </button>
    </form>
  );
}
