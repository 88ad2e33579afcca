import type { Metadata } from 'next';
import { forbidden, notFound, permanentRedirect } from 'next/navigation';
import { getViewer } from '@/auth/get-viewer';
import { canViewDocument } from '@/auth/permissions';
import { documentPath, parseRef } from '@/catalog/refs';
import { Breadcrumb } from '@/components/breadcrumb';
import { DeleteDocumentButton } from '@/components/documents/delete-document-button';
import { EditDocumentForm } from '@/components/documents/edit-document-form';
import { SignInPrompt } from '@/components/members/sign-in-prompt';
import { loadManagedDocument } from '@/documents/load-managed-document';

export const metadata: Metadata = { title: 'Edit document', robots: { index: false } };

type Params = Promise<{ documentRef: string }>;

export default async function EditDocumentPage({ params }: { params: Params }) {
  const ref = (await params).documentRef;
  const parsed = parseRef(ref);
  if (!parsed) notFound();
  const [managed, viewer] = await Promise.all([loadManagedDocument(parsed.id), getViewer()]);
  if (!managed) notFound();
  const { document, canEdit } = managed;
  if (!canViewDocument(viewer, document, document.course)) notFound();
  if (parsed.slug !== document.slug) permanentRedirect(`${documentPath(document)}/edit`);
  if (!viewer) {
    return (
      <SignInPrompt
        title="Edit document"
        reason="Sign in to change the documents you uploaded."
        returnTo={`${documentPath(document)}/edit`}
      />
    );
  }
  // Signed in, may read it, may not change it: a 403, as a course's edit page answers.
  if (!canEdit) forbidden();

  return (
    <section className="mx-auto max-w-2xl">
      <Breadcrumb links={[{ href: documentPath(document), label: document.title }]} />
      <h1 className="text-3xl font-bold tracking-tight">Edit document</h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6">
        <EditDocumentForm
          documentId={document.id}
          initial={{
            title: document.title,
            description: document.description,
            kind: document.kind,
          }}
          cancelHref={documentPath(document)}
        />
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-red-200 bg-white p-6">
        <div>
          <h2 className="font-semibold">Delete this document</h2>
          <p className="text-sm text-slate-600">Its file and pages are removed for good.</p>
        </div>
        <DeleteDocumentButton documentId={document.id} title={document.title} />
      </div>
    </section>
  );
}
