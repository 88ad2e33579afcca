import Link from 'next/link';
import { documentPath } from '@/catalog/refs';
import { loadManagedDocument } from '@/documents/load-managed-document';
import { DeleteDocumentButton } from './delete-document-button';

/** Edit and Delete, for the uploader, the course owner and admins; nothing for anyone else. */
export async function DocumentOwnerActions({ documentId }: { documentId: number }) {
  const managed = await loadManagedDocument(documentId);
  if (!managed?.canEdit) return null;
  const { document } = managed;
  return (
    <>
      <Link
        href={`${documentPath(document)}/edit`}
        className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:border-brand-600"
      >
        Edit
      </Link>
      <DeleteDocumentButton documentId={document.id} title={document.title} />
    </>
  );
}
