'use client';

import { useState } from 'react';
import { AUTH_BODY_FIELDS } from '@/auth/account-rules';
import { authClient } from '@/auth/auth-client';
import { describeAuthError, NO_PROBLEMS } from '@/auth/describe-auth-error';
import { MAX_PASSWORD_LENGTH } from '@/auth/password-rules';
import { NewPasswordField } from '@/components/auth/new-password-field';
import { useAuthSubmit } from '@/components/auth/use-auth-submit';
import { FormError } from '@/components/forms/form-error';
import { TextField } from '@/components/forms/form-field';
import { FormMessage, PRIMARY_BUTTON } from './account-section';

const FIELDS = AUTH_BODY_FIELDS['/change-password'] ?? {};

/** Changes the password and signs out every other session (a stolen session ends here). */
export function ChangePasswordForm() {
  const [changed, setChanged] = useState(false);
  const [newPassword, setNewPassword] = useState('');
  const { pending, problems, onSubmit, onInput } = useAuthSubmit(FIELDS, async (form, element) => {
    const password = String(form.get('newPassword') ?? '');
    if (password !== String(form.get('confirmPassword') ?? '')) {
      return { form: null, fields: { confirmPassword: 'Type the same new password twice.' } };
    }
    const result = await authClient.changePassword({
      currentPassword: String(form.get('currentPassword') ?? ''),
      newPassword: password,
      revokeOtherSessions: true,
    });
    if (result.error) {
      return describeAuthError(result.error, {
        fallback: 'Your password was not changed. Try again in a moment.',
        codes: {
          INVALID_PASSWORD: {
            field: 'currentPassword',
            message: 'Your current password is not right.',
          },
        },
        fieldNames: { password: 'newPassword' },
      });
    }
    element.reset();
    setNewPassword('');
    setChanged(true);
    return NO_PROBLEMS;
  });

  return (
    <form
      onSubmit={(event) => {
        setChanged(false);
        void onSubmit(event);
      }}
      onInput={onInput}
      noValidate
      className="max-w-md space-y-4"
    >
      <FormError message={problems.form} />
      <FormMessage
        message={
          changed
            ? { ok: true, text: 'Password changed. Your other devices are signed out.' }
            : null
        }
      />
      <TextField
        id="currentPassword"
        name="currentPassword"
        type="password"
        label="Current password"
        autoComplete="current-password"
        required
        maxLength={MAX_PASSWORD_LENGTH}
        error={problems.fields.currentPassword}
      />
      <NewPasswordField
        id="newPassword"
        label="New password"
        password={newPassword}
        onChange={(event) => setNewPassword(event.currentTarget.value)}
        error={problems.fields.newPassword}
      />
      <TextField
        id="confirmPassword"
        name="confirmPassword"
        type="password"
        label="New password again"
        autoComplete="new-password"
        required
        error={problems.fields.confirmPassword}
      />
      <button type="submit" disabled={pending} className={PRIMARY_BUTTON}>
        {pending ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}
