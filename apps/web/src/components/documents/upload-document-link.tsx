import Link from 'next/link';

/** To the upload form with this course chosen (visitors are asked to sign in there). */
export function UploadDocumentLink({ courseId }: { courseId: number }) {
  return (
    <Link
      href={`/upload?course=${courseId}`}
      className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:border-brand-600"
    >
      Upload a document
    </Link>
  );
}
