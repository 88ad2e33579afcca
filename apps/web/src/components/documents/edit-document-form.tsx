'use client';

import type { DocumentKind } from '@coursepack/db/schema';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type FormEvent, useId, useState } from 'react';
import { updateDocumentContract } from '@/app/api/documents/[id]/contract';
import { FormError } from '@/components/forms/form-error';
import { TextareaField, TextField } from '@/components/forms/form-field';
import { DOCUMENT_DESCRIPTION_MAX, DOCUMENT_TITLE_MAX } from '@/documents/document-limits';
import { callRoute } from '@/http/client';
import { KindField } from './kind-field';

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
    router.push(result.data.document.href);
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <FormError message={error} />
      <TextField
        id={`${id}-title`}
        label="Title"
        error={fields.title}
        name="title"
        required
        maxLength={DOCUMENT_TITLE_MAX}
        defaultValue={initial.title}
      />
      <KindField id={`${id}-kind`} error={fields.kind} defaultValue={initial.kind} />
      <TextareaField
        id={`${id}-description`}
        label="Description"
        optional
        error={fields.description}
        name="description"
        rows={5}
        maxLength={DOCUMENT_DESCRIPTION_MAX}
        defaultValue={initial.description}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending}
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {pending ? 'Saving…' : 'Save changes'}
        </button>
        <Link href={cancelHref} className="text-sm font-medium text-brand-700 hover:underline">
          Cancel
        </Link>
      </div>
    </form>
  );
}
