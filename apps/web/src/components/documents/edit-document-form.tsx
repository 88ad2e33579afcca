'use client';

import type { DocumentKind } from '@coursepack/db/schema';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type FormEvent, useId, useState } from 'react';
import { updateDocumentContract } from '@/app/api/documents/[id]/contract';
import { FormError } from '@/components/forms/form-error';
import { SubmitButton } from '@/components/forms/submit-button';
import { useShowToast } from '@/components/toaster';
import { callRoute } from '@/http/client';
import { DescriptionField, KindField, TitleField } from './document-fields';

export interface DocumentFormValues {
  title: string;
  description: string;
  kind: DocumentKind;
}

/** Edits a document's title, description and kind; a refused save keeps what was typed. */
export function EditDocumentForm({
  documentId,
  initial,
  cancelHref,
}: {
  documentId: number;
  initial: DocumentFormValues;
  cancelHref: string;
}) {
  const router = useRouter();
  const showToast = useShowToast();
  const id = useId();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    setFields({});
    const result = await callRoute(updateDocumentContract, {
      params: { id: documentId },
      json: {
        title: String(form.get('title') ?? ''),
        description: String(form.get('description') ?? ''),
        kind: String(form.get('kind') ?? ''),
      },
    });
    if (!result.ok) {
      setPending(false);
      setError(result.message);
      setFields(result.fields);
      return;
    }
    showToast('document-saved');
    router.push(result.data.document.href);
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <FormError message={error} />
      <TitleField id={`${id}-title`} error={fields.title} defaultValue={initial.title} />
      <KindField id={`${id}-kind`} error={fields.kind} defaultValue={initial.kind} />
      <DescriptionField
        id={`${id}-description`}
        error={fields.description}
        rows={5}
        defaultValue={initial.description}
      />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={pending} pendingLabel="Saving…" wide={false}>
          Save changes
        </SubmitButton>
        <Link href={cancelHref} className="text-sm font-medium text-brand-700 hover:underline">
          Cancel
        </Link>
      </div>
    </form>
  );
}
