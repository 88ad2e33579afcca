import Link from 'next/link';
import { countOwnedCourses } from '@/auth/count-owned-courses';
import { getViewer } from '@/auth/get-viewer';
import { canOpenDashboard } from '@/auth/permissions';
import { avatarUrl } from '@/media/media-urls';
import { getDb } from '@/server/server-context';
import { SignOutButton } from './sign-out-button';

const ITEM =
  'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100';

/** Sign-in links for visitors; for members, upload and a menu (a <details>: works without JS). */
export async function UserMenu() {
  const viewer = await getViewer();
  if (!viewer) {
    return (
      <div className="flex items-center gap-2 text-sm font-medium">
        <Link
          href="/sign-in"
          className="rounded-lg px-3 py-1.5 text-slate-700 hover:text-brand-700"
        >
          Sign in
        </Link>
        <Link
          href="/sign-up"
          className="rounded-lg bg-brand-600 px-3 py-1.5 text-white hover:bg-brand-700"
        >
          Sign up
        </Link>
      </div>
    );
  }
  const showDashboard = canOpenDashboard(viewer, await countOwnedCourses(await getDb(), viewer.id));
  const avatar = avatarUrl(viewer.image, 64);
  const initial = (viewer.name.trim()[0] ?? viewer.email[0] ?? '?').toUpperCase();
  return (
    <div className="flex items-center gap-3 text-sm font-medium">
      <Link href="/upload" className="text-slate-700 hover:text-brand-700">
        Upload
      </Link>
      <details className="group relative">
        <summary
          className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-2 py-1 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
          aria-label={`Account menu for ${viewer.name}`}
        >
          {avatar ? (
            // biome-ignore lint/performance/noImgElement: the media service already sized it; next/image would only resize it again
            <img
              src={avatar}
              alt=""
              width={32}
              height={32}
              className="h-8 w-8 rounded-full border border-slate-200 object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="grid h-8 w-8 place-items-center rounded-full bg-brand-100 font-semibold text-brand-800"
            >
              {initial}
            </span>
          )}
          <span className="hidden max-w-32 truncate text-slate-800 sm:inline">{viewer.name}</span>
        </summary>
        <div className="absolute right-0 z-30 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
          <p className="truncate px-3 py-2 text-xs text-slate-500">{viewer.email}</p>
          <Link href="/library" className={ITEM}>
            My library
          </Link>
          {showDashboard ? (
            <Link href="/dashboard" className={ITEM}>
              Dashboard
            </Link>
          ) : null}
          <Link href="/courses/new" className={ITEM}>
            New course
          </Link>
          <Link href="/account" className={ITEM}>
            Account
          </Link>
          <SignOutButton className={ITEM} />
        </div>
      </details>
    </div>
  );
}
