import Link from 'next/link';

/**
 * What `forbidden()` shows (status 403): signed in, but this course or document is someone
 * else's to manage.
 */
export default function Forbidden() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">403</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">This isn’t yours to manage</h1>
      <p className="mt-3 text-slate-600">
        Only a course’s owner and admins can edit it or see its reading statistics, and a document
        can also be changed by the member who uploaded it. You can still read it.
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <Link
          href="/dashboard"
          className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Your dashboard
        </Link>
        <Link
          href="/courses"
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium hover:border-brand-600"
        >
          Browse courses
        </Link>
      </div>
    </div>
  );
}
