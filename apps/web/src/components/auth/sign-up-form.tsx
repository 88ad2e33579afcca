'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '@/auth/account-field-limits';
import { AUTH_BODY_FIELDS } from '@/auth/account-rules';
import { authClient } from '@/auth/auth-client';
import { type AuthError, describeAuthError } from '@/auth/describe-auth-error';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@/auth/password-rules';
import type { AuthFormFailure } from '@/auth/submit-auth-form';
import { FormError } from '@/components/forms/form-error';
import { TextField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useShowToast } from '@/components/toaster';
import { useTrackProductAction } from '@/tracking/use-track-product-action';
import { PasswordStrengthMeter } from './password-strength-meter';
import { useAuthSubmit } from './use-auth-submit';

const FIELDS = AUTH_BODY_FIELDS['/sign-up/email'] ?? {};

const signUpProblems = (error: AuthError) =>
  describeAuthError(error, {
    fallback: 'We could not create your account just now. Try again in a moment.',
    codes: {
      USER_ALREADY_EXISTS: {
        field: 'email',
        message:
          'An account with this email already exists. Sign in instead, or reset your password.',
      },
      USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
        field: 'email',
        message:
          'An account with this email already exists. Sign in instead, or reset your password.',
      },
    },
  });

/**
 * Posts to /api/auth/form/sign-up when JavaScript is off (the password never lands in a URL);
 * `failure` is what such a post came back with.
 */
export function SignUpForm({ next, failure }: { next: string; failure: AuthFormFailure | null }) {
  const router = useRouter();
  const showToast = useShowToast();
  const track = useTrackProductAction();
  const [draft, setDraft] = useState({ name: '', email: '', password: '' });
  const { pending, problems, onSubmit, onInput } = useAuthSubmit(
    FIELDS,
    async (form) => {
      const result = await authClient.signUp.email({
        name: String(form.get('name') ?? '').trim(),
        email: String(form.get('email') ?? '').trim(),
        password: String(form.get('password') ?? ''),
        callbackURL: '/account?verified=1',
      });
      if (result.error) return signUpProblems(result.error);
      await track('signedUp');
      // Signed in already unless the operator requires a verified address first.
      if (result.data && 'token' in result.data && result.data.token) {
        showToast('welcome');
        router.replace(next);
        router.refresh();
      } else {
        router.replace('/sign-in?checkEmail=1');
      }
      return undefined;
    },
    failure && signUpProblems(failure),
  );

  return (
    <form
      method="post"
      action="/api/auth/form/sign-up"
      onSubmit={onSubmit}
      onInput={onInput}
      onChange={(event) => {
        const form = new FormData(event.currentTarget);
        setDraft({
          name: String(form.get('name') ?? ''),
          email: String(form.get('email') ?? ''),
          password: String(form.get('password') ?? ''),
        });
      }}
      noValidate
      className="space-y-4"
    >
      <input type="hidden" name="next" value={next} />
      <FormError message={problems.form} />
      <TextField
        id="name"
        name="name"
        label="Name"
        autoComplete="name"
        required
        maxLength={NAME_MAX_LENGTH}
        error={problems.fields.name}
      />
      <TextField
        id="email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        maxLength={EMAIL_MAX_LENGTH}
        error={problems.fields.email}
      />
      <TextField
        id="password"
        name="password"
        type="password"
        label="Password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        maxLength={MAX_PASSWORD_LENGTH}
        error={problems.fields.password}
        hint={
          <>
            At least {MIN_PASSWORD_LENGTH} characters, hard to guess: a few unrelated words work
            well.
            <PasswordStrengthMeter
              password={draft.password}
              userInputs={[draft.name, draft.email]}
              quiet={Boolean(problems.fields.password)}
            />
          </>
        }
      />
      <SubmitButton pending={pending}>Create account</SubmitButton>
    </form>
  );
}
