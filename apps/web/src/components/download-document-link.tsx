'use client';

import { useTrackProductAction } from '@/tracking/use-track-product-action';

/** "Download PDF": the original file, answered by the media service as a download named after the document; the click is a tracked action. */
export function DownloadDocumentLink({
  href,
  courseId,
  docId,
}: {
  href: string;
  courseId: number;
  docId: number;
}) {
  const track = useTrackProductAction();
  return (
    <a
      href={href}
      onClick={() => void track('downloaded', { courseId, docId })}
      className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:border-brand-600 hover:text-brand-700"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
        <path d="M10 2a1 1 0 0 1 1 1v8.59l2.3-2.3a1 1 0 1 1 1.4 1.42l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.42L9 11.6V3a1 1 0 0 1 1-1Zm-6 14a1 1 0 0 1 1-1h10a1 1 0 1 1 0 2H5a1 1 0 0 1-1-1Z" />
      </svg>
      Download PDF
    </a>
  );
}
