'use client';

import Link from 'next/link';
import { useState } from 'react';
import type { FieldKind } from '@/auth/account-rules';
import { authClient } from '@/auth/auth-client';
import { describeAuthError } from '@/auth/describe-auth-error';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@/auth/password-rules';
import { FormError } from '@/components/forms/form-error';
import { TextField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { PasswordStrengthMeter } from './password-strength-meter';
import { useAuthSubmit } from './use-auth-submit';

// The form's field is `password`; the request's, `newPassword`.
const FIELDS: Record<string, FieldKind> = { password: 'newPassword' };

export function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const [password, setPassword] = useState('');
  const { pending, problems, onSubmit, onInput } = useAuthSubmit(FIELDS, async (form) => {
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
    <form method="post" onSubmit={onSubmit} onInput={onInput} noValidate className="space-y-4">
      <FormError message={problems.form} />
      <TextField
        id="password"
        name="password"
        type="password"
        label="New password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        maxLength={MAX_PASSWORD_LENGTH}
        onChange={(event) => setPassword(event.currentTarget.value)}
        error={problems.fields.password}
        hint={
          <>
            At least {MIN_PASSWORD_LENGTH} characters, hard to guess: a few unrelated words work
            well.
            <PasswordStrengthMeter
              password={password}
              userInputs={[]}
              quiet={Boolean(problems.fields.password)}
            />
          </>
        }
      />
      <TextField
        id="confirm"
        name="confirm"
        type="password"
        label="Repeat the new password"
        autoComplete="new-password"
        required
        error={problems.fields.confirm}
      />
      <SubmitButton pending={pending}>Change password</SubmitButton>
    </form>
  );
}
