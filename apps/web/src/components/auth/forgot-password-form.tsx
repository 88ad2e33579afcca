'use client';

import { useState } from 'react';
import { AUTH_BODY_FIELDS } from '@/auth/account-rules';
import { authClient } from '@/auth/auth-client';
import { describeAuthError } from '@/auth/describe-auth-error';
import { SubmitButton } from '@/components/forms/submit-button';
import { AuthForm, EmailField } from './auth-form';
import { useAuthSubmit } from './use-auth-submit';

const FIELDS = AUTH_BODY_FIELDS['/request-password-reset'] ?? {};

export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = useAuthSubmit(FIELDS, async (form) => {
    const email = String(form.get('email') ?? '').trim();
    const result = await authClient.requestPasswordReset({ email, redirectTo: '/reset-password' });
    if (result.error) {
      return describeAuthError(result.error, {
        fallback: 'We could not send the email just now. Try again in a moment.',
      });
    }
    setSentTo(email);
    return undefined;
  });

  if (sentTo) {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        If an account uses <strong>{sentTo}</strong>, a link to choose a new password is on its way.
        It works for one hour.
      </p>
    );
  }
  return (
    <AuthForm submit={submit}>
      <EmailField error={submit.problems.fields.email} />
      <SubmitButton pending={submit.pending}>Send reset link</SubmitButton>
    </AuthForm>
  );
}
