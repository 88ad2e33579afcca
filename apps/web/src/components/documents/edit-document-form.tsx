'use client';

import type { DocumentKind } from '@coursepack/db/schema';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type FormEvent, useId, useState } from 'react';
import { DOCUMENT_DESCRIPTION_MAX, DOCUMENT_TITLE_MAX } from '@/documents/document-limits';
import { callApi } from '@/lib/call-api';
import { KIND_LABELS } from '@/lib/format';

export interface DocumentFormValues {
  title: string;
  description: string;
  kind: DocumentKind;
}

const INPUT =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink focus:border-brand-600 aria-[invalid=true]:border-red-600';

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
    const result = await callApi<{ document: { href: string } }>(`/api/documents/${documentId}`, {
      method: 'PATCH',
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

  const fieldError = (field: string) =>
    fields[field] ? (
      <p id={`${id}-${field}-error`} className="text-sm text-red-700">
        {fields[field]}
      </p>
    ) : null;
  const invalid = (field: string) =>
    fields[field]
      ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` }
      : undefined;

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <div
        role="alert"
        aria-live="assertive"
        className={error ? 'rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800' : 'sr-only'}
      >
        {error}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-title`} className="block text-sm font-medium text-slate-800">
          Title
        </label>
        <input
          id={`${id}-title`}
          name="title"
          required
          maxLength={DOCUMENT_TITLE_MAX}
          defaultValue={initial.title}
          className={INPUT}
          {...invalid('title')}
        />
        {fieldError('title')}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-kind`} className="block text-sm font-medium text-slate-800">
          Kind
        </label>
        <select
          id={`${id}-kind`}
          name="kind"
          defaultValue={initial.kind}
          className={INPUT}
          {...invalid('kind')}
        >
          {(Object.keys(KIND_LABELS) as DocumentKind[]).map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind].singular}
            </option>
          ))}
        </select>
        {fieldError('kind')}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-description`} className="block text-sm font-medium text-slate-800">
          Description <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={5}
          maxLength={DOCUMENT_DESCRIPTION_MAX}
          defaultValue={initial.description}
          className={INPUT}
          {...invalid('description')}
        />
        {fieldError('description')}
      </div>
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
