'use client';

import { useRouter } from 'next/navigation';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '@/auth/account-field-limits';
import { authClient } from '@/auth/auth-client';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@/auth/password-rules';
import type { AuthFormFailure } from '@/auth/submit-auth-form';
import { FormError } from '@/components/forms/form-error';
import { TextField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useShowToast } from '@/components/toaster';
import { useTrackProductAction } from '@/tracking/use-track-product-action';
import { useAuthSubmit } from './use-auth-submit';

function signUpErrorMessage(error: { status: number; code?: string; message?: string }): string {
  // The server's 429 says how long to wait.
  if (error.status === 429) return error.message ?? 'Too many attempts. Wait, then try again.';
  if (
    error.code === 'USER_ALREADY_EXISTS' ||
    error.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'
  ) {
    return 'An account with this email already exists. Sign in instead, or reset your password.';
  }
  if (error.code === 'PASSWORD_TOO_SHORT') {
    return `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  if (error.code === 'INVALID_EMAIL') return 'Enter a valid email address.';
  return error.message ?? 'Could not create your account. Try again.';
}

/**
 * Posts to /api/auth/form/sign-up when JavaScript is off (the password never lands in a URL);
 * `failure` is what such a post came back with.
 */
export function SignUpForm({ next, failure }: { next: string; failure: AuthFormFailure | null }) {
  const router = useRouter();
  const showToast = useShowToast();
  const track = useTrackProductAction();
  const { pending, error, onSubmit } = useAuthSubmit(async (form) => {
    const result = await authClient.signUp.email({
      name: String(form.get('name') ?? '').trim(),
      email: String(form.get('email') ?? '').trim(),
      password: String(form.get('password') ?? ''),
      callbackURL: '/account?verified=1',
    });
    if (result.error) return signUpErrorMessage(result.error);
    await track('signedUp');
    // Signed in already unless the operator requires a verified address first.
    if (result.data && 'token' in result.data && result.data.token) {
      showToast('welcome');
      router.replace(next);
      router.refresh();
    } else {
      router.replace('/sign-in?checkEmail=1');
    }
  }, failure && signUpErrorMessage(failure));

  return (
    <form method="post" action="/api/auth/form/sign-up" onSubmit={onSubmit} className="space-y-4">
      <input type="hidden" name="next" value={next} />
      <FormError message={error} />
      <TextField
        id="name"
        name="name"
        label="Name"
        autoComplete="name"
        required
        maxLength={NAME_MAX_LENGTH}
      />
      <TextField
        id="email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        maxLength={EMAIL_MAX_LENGTH}
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
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      />
      <SubmitButton pending={pending}>Create account</SubmitButton>
    </form>
  );
}
