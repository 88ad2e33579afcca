/** An embed of a document that does not exist or is not published (any longer): 404. */
export default function EmbedNotFound() {
  return (
    <main className="grid flex-1 place-items-center bg-slate-50 p-6 text-center">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
          Not available
        </p>
        <h1 className="mt-1 text-lg font-semibold text-ink">This document is not available</h1>
        <p className="mt-1 text-sm text-slate-600">
          It may have been removed or unpublished.{' '}
          <a
            href="/courses"
            target="_blank"
            rel="noopener"
            className="font-medium text-brand-700 hover:underline"
          >
            Browse Coursepack
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      </div>
    </main>
  );
}
