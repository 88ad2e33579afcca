'use client';

import Link from 'next/link';
import { type FormEvent, useState } from 'react';
import { authClient } from '@/auth/auth-client';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@/auth/password-rules';
import { FormError } from '@/components/forms/form-error';
import { TextField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';

export function ResetPasswordForm({ token }: { token: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get('password') ?? '');
    if (newPassword !== String(form.get('confirm') ?? '')) {
      setError('The two passwords differ.');
      return;
    }
    setPending(true);
    setError(null);
    const result = await authClient.resetPassword({ newPassword, token });
    setPending(false);
    if (result.error) {
      setError(
        result.error.code === 'INVALID_TOKEN'
          ? 'This link has expired or was already used. Ask for a new one.'
          : (result.error.message ?? 'Could not change the password. Try again.'),
      );
      return;
    }
    setDone(true);
  }

  if (done) {
    return (
      <p role="status" className="text-sm text-slate-700">
        Your password is changed and every other session is signed out.{' '}
        <Link href="/sign-in" className="font-medium text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    );
  }
  return (
    <form method="post" onSubmit={onSubmit} className="space-y-4">
      <FormError message={error} />
      <TextField
        id="password"
        name="password"
        type="password"
        label="New password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        maxLength={MAX_PASSWORD_LENGTH}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      />
      <TextField
        id="confirm"
        name="confirm"
        type="password"
        label="Repeat the new password"
        autoComplete="new-password"
        required
      />
      <SubmitButton pending={pending}>Change password</SubmitButton>
    </form>
  );
}
