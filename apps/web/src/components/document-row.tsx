import { MediaImage } from '@coursepack/images/media-image';
import Link from 'next/link';
import type { DocumentSummary } from '@/catalog/document-summary';
import { coursePath, documentPath } from '@/catalog/refs';
import { formatDate } from '@/format/format-dates';
import { pluralize } from '@/format/format-numbers';
import { documentThumbnailUrl } from '@/media/media-urls';
import { KindBadge } from './kind-badge';

export function DocumentRow({
  document,
  showCourse = false,
}: {
  document: DocumentSummary;
  showCourse?: boolean;
}) {
  return (
    <li className="flex items-start gap-4 rounded-lg border border-slate-200 bg-white p-3 sm:items-center">
      <DocumentThumbnail src={documentThumbnailUrl(document.mediaAssetId)} />
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-4">
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
      </div>
    </li>
  );
}

function DocumentThumbnail({ src }: { src: string | null }) {
  const blank = (
    <div
      aria-hidden="true"
      className="h-16 w-12 shrink-0 rounded border border-slate-200 bg-slate-100"
    />
  );
  if (!src) return blank;
  return (
    <MediaImage
      src={src}
      alt=""
      aria-hidden="true"
      width={48}
      height={64}
      loading="lazy"
      decoding="async"
      className="h-16 w-12 shrink-0 rounded border border-slate-200 bg-slate-100 object-cover"
      fallback={blank}
    />
  );
}
