import Link from 'next/link';

/** Previous/next links plus the position, keeping the other query parameters. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const linkClass =
    'rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:border-brand-600';
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} className={linkClass} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600" aria-current="page">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link href={hrefFor(page + 1)} className={linkClass} rel="next">
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
