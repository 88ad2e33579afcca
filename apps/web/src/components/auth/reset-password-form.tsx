'use client';

import Link from 'next/link';
import { useState } from 'react';
import type { FieldKind } from '@/auth/account-rules';
import { authClient } from '@/auth/auth-client';
import { describeAuthError } from '@/auth/describe-auth-error';
import { TextField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { AuthForm } from './auth-form';
import { NewPasswordField } from './new-password-field';
import { useAuthSubmit } from './use-auth-submit';

// The form's field is `password`; the request's, `newPassword`.
const FIELDS: Record<string, FieldKind> = { password: 'newPassword' };

export function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const [password, setPassword] = useState('');
  const submit = useAuthSubmit(FIELDS, async (form) => {
    const newPassword = String(form.get('password') ?? '');
    if (newPassword !== String(form.get('confirm') ?? '')) {
      return { form: null, fields: { confirm: 'Type the same new password twice.' } };
    }
    const result = await authClient.resetPassword({ newPassword, token });
    if (result.error) {
      return describeAuthError(result.error, {
        fallback: 'We could not change your password just now. Try again in a moment.',
        codes: {
          INVALID_TOKEN: {
            message: 'This link has expired or was already used. Ask for a new one.',
          },
        },
        fieldNames: { newPassword: 'password' },
      });
    }
    setDone(true);
    return undefined;
  });

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
    <AuthForm submit={submit}>
      <NewPasswordField
        id="password"
        label="New password"
        password={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        error={submit.problems.fields.password}
      />
      <TextField
        id="confirm"
        name="confirm"
        type="password"
        label="Repeat the new password"
        autoComplete="new-password"
        required
        error={submit.problems.fields.confirm}
      />
      <SubmitButton pending={submit.pending}>Change password</SubmitButton>
    </AuthForm>
  );
}
