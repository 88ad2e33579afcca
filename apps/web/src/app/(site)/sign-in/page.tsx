import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { enabledSocialProviders } from '@/auth/enabled-social-providers';
import { getViewer } from '@/auth/get-viewer';
import { safeNextPath } from '@/auth/safe-next-path';
import { readAuthFormFailure } from '@/auth/submit-auth-form';
import { AuthCard } from '@/components/auth/auth-card';
import { SignInForm } from '@/components/auth/sign-in-form';
import { SocialSignIn } from '@/components/auth/social-sign-in';
import { getConfig } from '@/server/server-context';

export const metadata: Metadata = { title: 'Sign in', robots: { index: false } };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const next = safeNextPath(params.next);
  if (await getViewer()) redirect(next);
  const signUpHref = next === '/' ? '/sign-up' : `/sign-up?next=${encodeURIComponent(next)}`;
  return (
    <AuthCard
      title="Sign in"
      intro={
        <>
          New to Coursepack?{' '}
          <Link href={signUpHref} className="font-medium text-brand-700 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      {params.checkEmail ? (
        <p role="status" className="mb-4 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
          Check your inbox: confirm your email address, then sign in.
        </p>
      ) : null}
      <SignInForm next={next} failure={readAuthFormFailure(params)} />
      <SocialSignIn providers={enabledSocialProviders(getConfig())} next={next} />
    </AuthCard>
  );
}
