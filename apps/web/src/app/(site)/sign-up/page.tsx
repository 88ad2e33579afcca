import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { enabledSocialProviders } from '@/auth/enabled-social-providers';
import { getViewer } from '@/auth/get-viewer';
import { safeNextPath } from '@/auth/safe-next-path';
import { readAuthFormFailure } from '@/auth/submit-auth-form';
import { AuthCard } from '@/components/auth/auth-card';
import { SignUpForm } from '@/components/auth/sign-up-form';
import { SocialSignIn } from '@/components/auth/social-sign-in';
import { getConfig } from '@/server/server-context';

export const metadata: Metadata = { title: 'Create an account' };

export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const next = safeNextPath(params.next);
  if (await getViewer()) redirect(next);
  const signInHref = next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`;
  return (
    <AuthCard
      title="Create your account"
      intro={
        <>
          Upload notes, follow courses and bookmark documents. Already a member?{' '}
          <Link href={signInHref} className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm next={next} failure={readAuthFormFailure(params)} />
      <SocialSignIn providers={enabledSocialProviders(getConfig())} next={next} />
    </AuthCard>
  );
}
