'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { AUTH_BODY_FIELDS } from '@/auth/account-rules';
import { authClient } from '@/auth/auth-client';
import { type AuthError, describeAuthError } from '@/auth/describe-auth-error';
import type { AuthFormFailure } from '@/auth/submit-auth-form';
import { TextField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useTrackProductAction } from '@/tracking/use-track-product-action';
import { AuthForm, EmailField } from './auth-form';
import { useAuthSubmit } from './use-auth-submit';

const FIELDS = AUTH_BODY_FIELDS['/sign-in/email'] ?? {};
/** better-auth's 401, for an unknown address as for a wrong password. */
const WRONG_CREDENTIALS = 'Wrong email or password.';

/** What a failed sign-in means, in words a member can act on. */
const signInProblems = (error: AuthError) =>
  error.status === 401
    ? { form: WRONG_CREDENTIALS, fields: {} }
    : describeAuthError(error, {
        fallback: 'We could not sign you in just now. Try again in a moment.',
        codes: {
          EMAIL_NOT_VERIFIED: {
            message: 'Confirm your email address first: we have sent you a new link.',
          },
        },
      });

/**
 * Posts to /api/auth/form/sign-in when JavaScript is off (the password never lands in a URL);
 * `failure` is what such a post came back with.
 */
export function SignInForm({ next, failure }: { next: string; failure: AuthFormFailure | null }) {
  const router = useRouter();
  const track = useTrackProductAction();
  const submit = useAuthSubmit(
    FIELDS,
    async (form) => {
      const result = await authClient.signIn.email({
        email: String(form.get('email') ?? '').trim(),
        password: String(form.get('password') ?? ''),
        callbackURL: next,
      });
      if (result.error) return signInProblems(result.error);
      await track('signedIn');
      router.replace(next);
      router.refresh();
      return undefined;
    },
    failure && signInProblems(failure),
  );

  return (
    <AuthForm submit={submit} action="/api/auth/form/sign-in" next={next}>
      <EmailField error={submit.problems.fields.email} />
      <TextField
        id="password"
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        required
        error={submit.problems.fields.password}
      />
      <div className="flex justify-end text-sm">
        <Link href="/forgot-password" className="text-brand-700 hover:underline">
          Forgot your password?
        </Link>
      </div>
      <SubmitButton pending={submit.pending}>Sign in</SubmitButton>
    </AuthForm>
  );
}
