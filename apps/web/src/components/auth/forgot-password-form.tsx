'use client';

import { type FormEvent, useState } from 'react';
import { authClient } from '@/auth/auth-client';
import { FormError } from '@/components/forms/form-error';
import { TextField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';

export function ForgotPasswordForm() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setPending(true);
    setError(null);
    const result = await authClient.requestPasswordReset({ email, redirectTo: '/reset-password' });
    setPending(false);
    if (result.error) {
      setError(
        result.error.message ??
          (result.error.status === 429
            ? 'Too many requests. Wait a few minutes, then try again.'
            : 'Could not send the email. Try again.'),
      );
      return;
    }
    setSentTo(email);
  }

  if (sentTo) {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        If an account uses <strong>{sentTo}</strong>, a link to choose a new password is on its way.
        It works for one hour.
      </p>
    );
  }
  return (
    <form method="post" onSubmit={onSubmit} className="space-y-4">
      <FormError message={error} />
      <TextField id="email" name="email" type="email" label="Email" autoComplete="email" required />
      <SubmitButton pending={pending}>Send reset link</SubmitButton>
    </form>
  );
}
