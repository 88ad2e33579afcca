import type { Metadata } from 'next';
import { getViewer } from '@/auth/get-viewer';
import { AccountSection } from '@/components/members/account-section';
import { ChangePasswordForm } from '@/components/members/change-password-form';
import { DeleteAccountForm } from '@/components/members/delete-account-form';
import { EmailVerification } from '@/components/members/email-verification';
import { ProfileForm } from '@/components/members/profile-form';
import { SignInPrompt } from '@/components/members/sign-in-prompt';
import { pluralize } from '@/format/format-numbers';
import { avatarUrl } from '@/media/media-urls';
import { getAccountOverview } from '@/members/get-account-overview';
import { getDb } from '@/server/server-context';

export const metadata: Metadata = { title: 'Account', robots: { index: false } };

export default async function AccountPage() {
  const viewer = await getViewer();
  if (!viewer) {
    return (
      <SignInPrompt
        title="Your account"
        reason="Sign in to change your name, avatar or password, or to delete your account."
        returnTo="/account"
      />
    );
  }
  const overview = await getAccountOverview(await getDb(), viewer);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">Your account</h1>
      <AccountSection id="profile" title="Profile">
        <ProfileForm name={viewer.name} avatarUrl={avatarUrl(viewer.image, 160)} />
      </AccountSection>
      <AccountSection id="email" title="Email address">
        <EmailVerification email={viewer.email} verified={viewer.emailVerified} />
      </AccountSection>
      <AccountSection id="password" title="Password">
        {overview.hasPassword ? (
          <ChangePasswordForm />
        ) : (
          <p className="text-slate-700">
            You sign in with GitHub or Google, so there is no Coursepack password to change. To set
            one, use “Forgot your password?” on the sign-in page.
          </p>
        )}
      </AccountSection>
      <AccountSection id="delete-account" title="Delete your account" tone="danger">
        <div className="space-y-3 text-slate-800">
          <p className="font-medium">This cannot be undone. Deleting your account deletes:</p>
          <ul className="list-disc space-y-1 pl-6">
            <li>your profile, avatar and sign-in details, and signs you out everywhere;</li>
            <li>
              {pluralize(overview.documents, 'document')} you uploaded, with their files and pages;
            </li>
            <li>
              {pluralize(overview.coursesDeleted, 'course')} you own that hold only your documents;
            </li>
            <li>
              your {pluralize(overview.follows, 'followed course')} and{' '}
              {pluralize(overview.bookmarks, 'bookmark')}.
            </li>
          </ul>
          {overview.coursesKept > 0 ? (
            <p>
              {pluralize(overview.coursesKept, 'course')} you own also{' '}
              {overview.coursesKept === 1 ? 'holds' : 'hold'} other members’ documents:{' '}
              {overview.coursesKept === 1 ? 'it stays' : 'they stay'}, without an owner, and an
              admin can hand {overview.coursesKept === 1 ? 'it' : 'them'} on.
            </p>
          ) : null}
          <DeleteAccountForm hasPassword={overview.hasPassword} />
        </div>
      </AccountSection>
    </div>
  );
}
