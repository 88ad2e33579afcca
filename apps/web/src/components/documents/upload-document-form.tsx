'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { uploadDocumentContract } from '@/app/api/documents/contract';
import { FormError } from '@/components/forms/form-error';
import { Field, SelectField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { DOCUMENT_TITLE_MAX } from '@/documents/document-limits';
import { formatBytes } from '@/format/format-numbers';
import { urlOf } from '@/http/client';
import type { ResponseOf } from '@/http/contract';
import { DescriptionField, KindField, TitleField } from './document-fields';

/** Languages offered for a document's text (ISO 639-1); OCR uses the model installed for it. */
const DOCUMENT_LANGUAGES = [
  ['en', 'English'],
  ['de', 'German'],
  ['fr', 'French'],
  ['es', 'Spanish'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['nl', 'Dutch'],
] as const;

export interface CourseChoice {
  id: number;
  label: string;
}

interface UploadError {
  message: string;
  fields: Record<string, string>;
  existing: { title: string; href: string } | null;
}

/** "week_3-notes.final.pdf" → "week 3 notes.final": a starting point the member can edit. */
function titleFromFileName(name: string): string {
  return name
    .replace(/\.pdf$/i, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, DOCUMENT_TITLE_MAX);
}

/** Said before uploading anything: the server would refuse it with the same words. */
function tooLarge(file: File, maxBytes: number): UploadError {
  return {
    message: `“${file.name}” is ${formatBytes(file.size)}; the limit is ${formatBytes(maxBytes)}.`,
    fields: { file: `Choose a file of at most ${formatBytes(maxBytes)}.` },
    existing: null,
  };
}

function readError(status: number, body: unknown): UploadError {
  const error =
    typeof body === 'object' && body !== null && 'error' in body
      ? (body.error as Record<string, unknown>)
      : {};
  const existing = error.existingDocument as { title: string; href: string } | undefined;
  return {
    message:
      typeof error.message === 'string'
        ? error.message
        : `The server answered ${status}. Try again in a moment.`,
    fields: (error.fields as Record<string, string> | undefined) ?? {},
    existing: existing ?? null,
  };
}

/**
 * Uploads a PDF with a progress bar. XMLHttpRequest rather than fetch: only it reports upload
 * progress. A refused upload keeps every field (the chosen file included) and says what is
 * wrong, in an alert region and beside the field concerned.
 */
export function UploadDocumentForm({
  courses,
  initialCourseId,
  maxBytes,
}: {
  courses: CourseChoice[];
  initialCourseId: number | null;
  maxBytes: number;
}) {
  const router = useRouter();
  const id = useId();
  const [title, setTitle] = useState('');
  const [titleEdited, setTitleEdited] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<UploadError | null>(null);
  const fields = error?.fields ?? {};
  const uploading = progress !== null;

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setError(null);
    if (!file) return;
    if (file.size > maxBytes) setError(tooLarge(file, maxBytes));
    if (!titleEdited) setTitle(titleFromFileName(file.name));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) {
      setError({
        message: 'Choose a PDF file to upload.',
        fields: { file: 'Choose a file.' },
        existing: null,
      });
      return;
    }
    if (file.size > maxBytes) {
      setError(tooLarge(file, maxBytes));
      return;
    }
    setError(null);
    setProgress(0);
    const request = new XMLHttpRequest();
    // XMLHttpRequest rather than callRoute: only it reports upload progress.
    request.open(uploadDocumentContract.method, urlOf(uploadDocumentContract, {}));
    request.responseType = 'json';
    request.upload.onprogress = (progressEvent) => {
      if (progressEvent.lengthComputable) setProgress(progressEvent.loaded / progressEvent.total);
    };
    request.onload = () => {
      if (request.status === 201) {
        router.push((request.response as ResponseOf<typeof uploadDocumentContract>).document.href);
        return;
      }
      setProgress(null);
      setError(readError(request.status, request.response));
    };
    request.onerror = () => {
      setProgress(null);
      setError({
        message: 'The upload did not reach Coursepack. Check your connection and try again.',
        fields: {},
        existing: null,
      });
    };
    request.send(form);
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5" aria-describedby={`${id}-file-hint`}>
      <FormError
        message={
          error ? (
            <>
              {error.message}
              {error.existing ? (
                <>
                  {' '}
                  <Link href={error.existing.href} className="font-medium underline">
                    Open “{error.existing.title}”
                  </Link>
                </>
              ) : null}
            </>
          ) : null
        }
      />

      <Field
        id={`${id}-file`}
        label="PDF file"
        error={fields.file}
        hint={`A PDF with selectable text, at most ${formatBytes(maxBytes)}. Password-protected PDFs cannot be read.`}
      >
        {(control) => (
          <input
            {...control}
            name="file"
            type="file"
            accept="application/pdf,.pdf"
            required
            disabled={uploading}
            onChange={onFileChange}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-medium file:text-brand-700 hover:file:bg-brand-100"
          />
        )}
      </Field>

      <SelectField
        id={`${id}-course`}
        label="Course"
        error={fields.courseId}
        name="courseId"
        required
        disabled={uploading}
        defaultValue={initialCourseId ?? ''}
      >
        <option value="" disabled>
          Choose a course…
        </option>
        {courses.map((course) => (
          <option key={course.id} value={course.id}>
            {course.label}
          </option>
        ))}
      </SelectField>

      <TitleField
        id={`${id}-title`}
        error={fields.title}
        disabled={uploading}
        value={title}
        onChange={(event) => {
          setTitle(event.currentTarget.value);
          setTitleEdited(true);
        }}
      />

      <KindField
        id={`${id}-kind`}
        error={fields.kind}
        required
        disabled={uploading}
        defaultValue="notes"
      />

      <SelectField
        id={`${id}-language`}
        label="Language"
        hint="The language of the text: scanned pages are read with it."
        error={fields.language}
        name="language"
        disabled={uploading}
        defaultValue="en"
      >
        {DOCUMENT_LANGUAGES.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectField>

      <DescriptionField
        id={`${id}-description`}
        error={fields.description}
        rows={4}
        disabled={uploading}
      />

      {uploading ? (
        <div className="space-y-1" aria-live="polite">
          <label htmlFor={`${id}-progress`} className="block text-sm font-medium text-slate-800">
            {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Checking the PDF…'}
          </label>
          <progress
            id={`${id}-progress`}
            max={1}
            value={progress}
            className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600"
          />
        </div>
      ) : null}

      <SubmitButton pending={uploading} pendingLabel="Uploading…" wide={false}>
        Upload
      </SubmitButton>
    </form>
  );
}
