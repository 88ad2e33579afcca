import Link from 'next/link';

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:justify-between">
        <p>Coursepack — course notes, slides and past exams, read in the browser.</p>
        <nav aria-label="Footer" className="flex gap-4">
          <Link href="/courses" className="hover:text-brand-700">
            All courses
          </Link>
          <Link href="/sitemap.xml" className="hover:text-brand-700">
            Sitemap
          </Link>
        </nav>
      </div>
    </footer>
  );
}
