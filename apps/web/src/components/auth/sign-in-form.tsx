'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { authClient } from '@/auth/auth-client';
import type { AuthFormFailure } from '@/auth/submit-auth-form';
import { FormError } from '@/components/forms/form-error';
import { TextField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useTrackProductAction } from '@/tracking/use-track-product-action';
import { useAuthSubmit } from './use-auth-submit';

/** What a failed sign-in means, in words a member can act on. */
function signInErrorMessage(error: { status: number; code?: string; message?: string }): string {
  // The server's 429 says how long to wait.
  if (error.status === 429) return error.message ?? 'Too many attempts. Wait, then try again.';
  if (error.code === 'EMAIL_NOT_VERIFIED') {
    return 'Confirm your email address first: we have sent you a new link.';
  }
  if (error.status === 401) return 'Wrong email or password.';
  return error.message ?? 'Could not sign you in. Try again.';
}

/**
 * Posts to /api/auth/form/sign-in when JavaScript is off (the password never lands in a URL);
 * `failure` is what such a post came back with.
 */
export function SignInForm({ next, failure }: { next: string; failure: AuthFormFailure | null }) {
  const router = useRouter();
  const track = useTrackProductAction();
  const { pending, error, onSubmit } = useAuthSubmit(async (form) => {
    const result = await authClient.signIn.email({
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
      callbackURL: next,
    });
    if (result.error) return signInErrorMessage(result.error);
    await track('signedIn');
    router.replace(next);
    router.refresh();
  }, failure && signInErrorMessage(failure));

  return (
    <form method="post" action="/api/auth/form/sign-in" onSubmit={onSubmit} className="space-y-4">
      <input type="hidden" name="next" value={next} />
      <FormError message={error} />
      <TextField id="email" name="email" type="email" label="Email" autoComplete="email" required />
      <TextField
        id="password"
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        required
      />
      <div className="flex justify-end text-sm">
        <Link href="/forgot-password" className="text-brand-700 hover:underline">
          Forgot your password?
        </Link>
      </div>
      <SubmitButton pending={pending}>Sign in</SubmitButton>
    </form>
  );
}
