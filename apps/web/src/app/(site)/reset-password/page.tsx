import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/auth/auth-card';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';

export const metadata: Metadata = { title: 'Choose a new password', robots: { index: false } };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token, error } = await searchParams;
  // better-auth sends the member here with ?error=INVALID_TOKEN when the mailed link is stale.
  if (typeof token !== 'string' || token === '' || error) {
    return (
      <AuthCard title="This link no longer works">
        <p className="text-sm text-slate-700">
          Password links work once, for one hour.{' '}
          <Link href="/forgot-password" className="font-medium text-brand-700 hover:underline">
            Ask for a new link
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
