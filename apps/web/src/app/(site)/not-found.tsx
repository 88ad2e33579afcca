import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">We can’t find that page</h1>
      <p className="mt-3 text-slate-600">
        The course or document may have been removed, or the link is mistyped.
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <Link
          href="/courses"
          className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Browse courses
        </Link>
        <Link
          href="/search"
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium hover:border-brand-600"
        >
          Search
        </Link>
      </div>
    </div>
  );
}
