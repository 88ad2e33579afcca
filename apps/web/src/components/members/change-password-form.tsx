'use client';

import { type FormEvent, useState } from 'react';
import { authClient } from '@/auth/auth-client';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@/auth/password-rules';
import { FormMessage, INPUT, PRIMARY_BUTTON } from './account-section';

/** Changes the password and signs out every other session (a stolen session ends here). */
export function ChangePasswordForm() {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const currentPassword = String(form.get('currentPassword') ?? '');
    const newPassword = String(form.get('newPassword') ?? '');
    if (newPassword !== String(form.get('confirmPassword') ?? '')) {
      setMessage({ ok: false, text: 'The new password and its confirmation differ.' });
      return;
    }
    if (newPassword.length < MIN_PASSWORD_LENGTH) {
      setMessage({
        ok: false,
        text: `The new password needs at least ${MIN_PASSWORD_LENGTH} characters.`,
      });
      return;
    }
    setPending(true);
    setMessage(null);
    const result = await authClient.changePassword({
      currentPassword,
      newPassword,
      revokeOtherSessions: true,
    });
    setPending(false);
    if (result.error) {
      setMessage({
        ok: false,
        text:
          result.error.code === 'INVALID_PASSWORD'
            ? 'Your current password is not right.'
            : (result.error.message ?? 'Your password was not changed. Try again.'),
      });
      return;
    }
    formElement.reset();
    setMessage({
      ok: true,
      text: 'Password changed. Your other devices are signed out.',
    });
  }

  const field = (name: string, label: string, autoComplete: string) => (
    <div className="space-y-1">
      <label htmlFor={name} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="password"
        required
        minLength={name === 'currentPassword' ? undefined : MIN_PASSWORD_LENGTH}
        maxLength={MAX_PASSWORD_LENGTH}
        autoComplete={autoComplete}
        className={INPUT}
      />
    </div>
  );

  return (
    <form onSubmit={onSubmit} className="max-w-md space-y-4">
      <FormMessage message={message} />
      {field('currentPassword', 'Current password', 'current-password')}
      {field(
        'newPassword',
        `New password (at least ${MIN_PASSWORD_LENGTH} characters)`,
        'new-password',
      )}
      {field('confirmPassword', 'New password again', 'new-password')}
      <button type="submit" disabled={pending} className={PRIMARY_BUTTON}>
        {pending ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}
