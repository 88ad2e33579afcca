'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '@/auth/account-field-limits';
import { AUTH_BODY_FIELDS } from '@/auth/account-rules';
import { authClient } from '@/auth/auth-client';
import { type AuthError, describeAuthError } from '@/auth/describe-auth-error';
import type { AuthFormFailure } from '@/auth/submit-auth-form';
import { TextField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useShowToast } from '@/components/toaster';
import { useTrackProductAction } from '@/tracking/use-track-product-action';
import { AuthForm, EmailField } from './auth-form';
import { NewPasswordField } from './new-password-field';
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
  const submit = useAuthSubmit(
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
    <AuthForm
      submit={submit}
      action="/api/auth/form/sign-up"
      next={next}
      onChange={(event) => {
        const form = new FormData(event.currentTarget);
        setDraft({
          name: String(form.get('name') ?? ''),
          email: String(form.get('email') ?? ''),
          password: String(form.get('password') ?? ''),
        });
      }}
    >
      <TextField
        id="name"
        name="name"
        label="Name"
        autoComplete="name"
        required
        maxLength={NAME_MAX_LENGTH}
        error={submit.problems.fields.name}
      />
      <EmailField error={submit.problems.fields.email} maxLength={EMAIL_MAX_LENGTH} />
      <NewPasswordField
        id="password"
        label="Password"
        password={draft.password}
        userInputs={[draft.name, draft.email]}
        error={submit.problems.fields.password}
      />
      <SubmitButton pending={submit.pending}>Create account</SubmitButton>
    </AuthForm>
  );
}
