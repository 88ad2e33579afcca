import Link from 'next/link';
import type { DocumentSummary } from '@/catalog/document-summary';
import { formatDate, pluralize } from '@/lib/format';
import { coursePath, documentPath } from '@/lib/refs';
import { KindBadge } from './kind-badge';

export function DocumentRow({
  document,
  showCourse = false,
}: {
  document: DocumentSummary;
  showCourse?: boolean;
}) {
  return (
    <li className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <KindBadge kind={document.kind} />
          <Link
            href={documentPath(document)}
            className="font-medium text-ink hover:text-brand-700 hover:underline"
          >
            {document.title}
          </Link>
        </div>
        {showCourse ? (
          <p className="mt-1 text-sm text-slate-600">
            in{' '}
            <Link
              href={coursePath(document.course)}
              className="hover:text-brand-700 hover:underline"
            >
              {document.course.title}
            </Link>
          </p>
        ) : null}
      </div>
      <p className="shrink-0 text-sm text-slate-600">
        {pluralize(document.pageCount, 'page')} · {formatDate(document.createdAt)}
      </p>
    </li>
  );
}
