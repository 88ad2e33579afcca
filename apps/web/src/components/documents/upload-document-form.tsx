'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { uploadDocumentContract } from '@/app/api/documents/contract';
import { FormError } from '@/components/forms/form-error';
import { FieldError, SelectField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { DOCUMENT_TITLE_MAX } from '@/documents/document-limits';
import { skipReason, titleFromFileName } from '@/documents/upload-candidates';
import { formatBytes } from '@/format/format-numbers';
import { urlOf } from '@/http/client';
import type { ResponseOf } from '@/http/contract';
import { KindField } from './document-fields';
import { droppedFiles, type PickedFile, pickedFiles } from './read-dropped-files';

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

/**
 * Files sent at once: enough to keep the line busy while the server checks each file, few
 * enough that a semester of PDFs does not open 80 requests against one server.
 */
const PARALLEL_UPLOADS = 3;

export interface CourseChoice {
  id: number;
  label: string;
  href: string;
}

type RowStatus = 'ready' | 'skipped' | 'queued' | 'sending' | 'done' | 'failed';

interface Row {
  key: number;
  file: File;
  path: string;
  title: string;
  status: RowStatus;
  /** 0–1 of the file sent; 1 while the server checks it. */
  progress: number;
  /** Why it was skipped or refused, in a member's words. */
  message: string | null;
  titleError: string | null;
  /** The same file already on Coursepack, when that is why it was refused. */
  existing: { title: string; href: string } | null;
  document: { title: string; href: string } | null;
}

interface Refusal {
  message: string;
  titleError: string | null;
  existing: { title: string; href: string } | null;
}

function readRefusal(status: number, body: unknown): Refusal {
  const error =
    typeof body === 'object' && body !== null && 'error' in body
      ? (body.error as Record<string, unknown>)
      : {};
  const fields = (error.fields as Record<string, string> | undefined) ?? {};
  const existing = error.existingDocument as { title: string; href: string } | undefined;
  return {
    message:
      typeof error.message === 'string'
        ? error.message
        : `Coursepack answered with an error (${status}). Try again in a moment.`,
    titleError: fields.title ?? null,
    existing: existing ?? null,
  };
}

const STATUS_LABEL: Record<RowStatus, string> = {
  ready: 'Ready',
  skipped: 'Skipped',
  queued: 'Waiting',
  sending: 'Uploading',
  done: 'Uploaded',
  failed: 'Not uploaded',
};

/**
 * Uploads many PDFs into one course: picked, chosen as a folder or dropped. Each file gets a row
 * with a title from its name (editable until it is sent), its progress and, when refused, what
 * is wrong with it and a Retry button. Files go one request each to the upload API, a few at a
 * time (PARALLEL_UPLOADS), so one refusal never stops the others. XMLHttpRequest rather than
 * fetch: only it reports upload progress.
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
  const [rows, setRows] = useState<Row[]>([]);
  const [courseId, setCourseId] = useState(initialCourseId === null ? '' : String(initialCourseId));
  const [kind, setKind] = useState('notes');
  const [language, setLanguage] = useState('en');
  const [formError, setFormError] = useState<{ message: string; course?: string } | null>(null);
  const [dragging, setDragging] = useState(false);
  /** The course, kind and language of the batch being sent: fixed when Upload is pressed. */
  const batch = useRef({ courseId: '', kind: '', language: '' });
  const started = useRef(new Set<number>());
  const nextKey = useRef(0);

  const update = (key: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  function addFiles(picked: PickedFile[]) {
    setFormError(null);
    setRows((current) => {
      const known = new Set(current.map((row) => `${row.path}:${row.file.size}`));
      const added = picked
        .filter(({ file, path }) => !known.has(`${path}:${file.size}`))
        .map(({ file, path }): Row => {
          const reason = skipReason(file, maxBytes);
          nextKey.current += 1;
          return {
            key: nextKey.current,
            file,
            path,
            title: titleFromFileName(file.name),
            status: reason ? 'skipped' : 'ready',
            progress: 0,
            message: reason,
            titleError: null,
            existing: null,
            document: null,
          };
        });
      return [...current, ...added];
    });
  }

  function send(row: Row) {
    started.current.add(row.key);
    update(row.key, { status: 'sending', progress: 0, message: null, titleError: null });
    const form = new FormData();
    form.set('file', row.file, row.file.name);
    form.set('courseId', batch.current.courseId);
    form.set('title', row.title);
    form.set('description', '');
    form.set('kind', batch.current.kind);
    form.set('language', batch.current.language);
    const request = new XMLHttpRequest();
    request.open(uploadDocumentContract.method, urlOf(uploadDocumentContract, {}));
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) update(row.key, { progress: event.loaded / event.total });
    };
    request.onload = () => {
      if (request.status === 201) {
        const { document } = request.response as ResponseOf<typeof uploadDocumentContract>;
        update(row.key, {
          status: 'done',
          progress: 1,
          document: { title: row.title, href: document.href },
        });
        return;
      }
      update(row.key, { status: 'failed', ...readRefusal(request.status, request.response) });
    };
    request.onerror = () => {
      update(row.key, {
        status: 'failed',
        message: 'The upload did not reach Coursepack. Check your connection, then retry.',
      });
    };
    request.send(form);
  }

  // Keeps PARALLEL_UPLOADS files on the way while any wait.
  // biome-ignore lint/correctness/useExhaustiveDependencies: send only reads refs and setters
  useEffect(() => {
    const sending = rows.filter((row) => row.status === 'sending').length;
    const waiting = rows.filter((row) => row.status === 'queued' && !started.current.has(row.key));
    for (const row of waiting.slice(0, Math.max(0, PARALLEL_UPLOADS - sending))) send(row);
  }, [rows]);

  const sent = rows.filter((row) => row.status !== 'ready' && row.status !== 'skipped');
  const done = rows.filter((row) => row.status === 'done');
  const failed = rows.filter((row) => row.status === 'failed');
  const ready = rows.filter((row) => row.status === 'ready');
  const busy = rows.some((row) => row.status === 'queued' || row.status === 'sending');
  const finished = sent.length > 0 && !busy;
  const course = courses.find((choice) => String(choice.id) === courseId);

  // One file, as the form always took: its page is where the member wants to be next.
  const only = rows.length === 1 ? rows[0] : undefined;
  const onlyDone = only?.status === 'done' ? only.document?.href : undefined;
  useEffect(() => {
    if (onlyDone) router.push(onlyDone);
  }, [onlyDone, router]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!courseId) {
      setFormError({
        message: 'Choose the course these files belong to.',
        course: 'Choose a course.',
      });
      return;
    }
    if (ready.length === 0) {
      setFormError({
        message:
          rows.length === 0
            ? 'Choose the PDF files to upload, or drop them here.'
            : 'None of these files can be uploaded: see the reason beside each.',
      });
      return;
    }
    const untitled = ready.filter((row) => !row.title.trim());
    if (untitled.length > 0) {
      for (const row of untitled) update(row.key, { titleError: 'Give this document a title.' });
      setFormError({ message: 'Every document needs a title: see the files marked below.' });
      return;
    }
    setFormError(null);
    batch.current = { courseId, kind, language };
    setRows((current) =>
      current.map((row) => (row.status === 'ready' ? { ...row, status: 'queued' } : row)),
    );
  }

  function retry(row: Row) {
    started.current.delete(row.key);
    batch.current = { courseId, kind, language };
    update(row.key, { status: 'queued', progress: 0, message: null, existing: null });
  }

  function onDrop(event: DragEvent<HTMLFieldSetElement>) {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    void droppedFiles(event.dataTransfer).then(addFiles);
  }

  const summary = busy
    ? `Uploading: ${done.length} of ${sent.length} done${failed.length ? `, ${failed.length} not uploaded` : ''}.`
    : finished
      ? `${done.length} of ${sent.length} ${sent.length === 1 ? 'file' : 'files'} uploaded${failed.length ? `; ${failed.length} not uploaded: see the reason beside each, then retry` : ''}.`
      : '';

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate>
      <FormError message={formError?.message ?? null} />

      <fieldset
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`space-y-3 rounded-xl border-2 border-dashed p-4 ${dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300'}`}
      >
        <legend className="sr-only">Files to upload</legend>
        <div className="space-y-1">
          <label htmlFor={`${id}-files`} className="block text-sm font-medium text-slate-800">
            PDF files
          </label>
          <input
            id={`${id}-files`}
            type="file"
            multiple
            accept="application/pdf,.pdf"
            disabled={busy}
            aria-describedby={`${id}-files-hint`}
            onChange={(event) => {
              addFiles(pickedFiles(event.currentTarget.files));
              event.currentTarget.value = '';
            }}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-medium file:text-brand-700 hover:file:bg-brand-100"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-folder`} className="block text-sm font-medium text-slate-800">
            Or a whole folder
          </label>
          <input
            id={`${id}-folder`}
            type="file"
            // React has no prop for it; the attribute makes the picker choose folders.
            ref={(input) => input?.setAttribute('webkitdirectory', '')}
            disabled={busy}
            aria-describedby={`${id}-files-hint`}
            onChange={(event) => {
              addFiles(pickedFiles(event.currentTarget.files));
              event.currentTarget.value = '';
            }}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-medium file:text-slate-700 hover:file:bg-slate-200"
          />
        </div>
        <p id={`${id}-files-hint`} className="text-xs text-slate-500">
          Or drop files or folders here. PDFs only, each at most {formatBytes(maxBytes)}: with text,
          or scanned (we recognise the text of scanned pages). Password-protected PDFs cannot be
          read.
        </p>
      </fieldset>

      <p className="text-sm text-slate-600">
        The course, kind and language apply to every file; each file has its own title.
      </p>

      <SelectField
        id={`${id}-course`}
        label="Course"
        error={formError?.course}
        name="courseId"
        required
        disabled={busy}
        value={courseId}
        onChange={(event) => setCourseId(event.currentTarget.value)}
      >
        <option value="" disabled>
          Choose a course…
        </option>
        {courses.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
      </SelectField>

      <div className="grid gap-5 sm:grid-cols-2">
        <KindField
          id={`${id}-kind`}
          required
          disabled={busy}
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value)}
        />
        <SelectField
          id={`${id}-language`}
          label="Language"
          hint="The language of the text: scanned pages are read with it."
          name="language"
          disabled={busy}
          value={language}
          onChange={(event) => setLanguage(event.currentTarget.value)}
        >
          {DOCUMENT_LANGUAGES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
      </div>

      {rows.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {rows.map((row) => (
            <FileRow
              key={row.key}
              id={`${id}-row-${row.key}`}
              row={row}
              onTitle={(title) => update(row.key, { title, titleError: null })}
              onRemove={() => setRows((current) => current.filter((r) => r.key !== row.key))}
              onRetry={() => retry(row)}
            />
          ))}
        </ul>
      ) : null}

      <p
        role="status"
        aria-live="polite"
        className={summary ? 'text-sm text-slate-800' : 'sr-only'}
      >
        {summary}
        {finished && course ? (
          <>
            {' '}
            <Link href={course.href} className="font-medium text-brand-700 underline">
              Open {course.label}
            </Link>
          </>
        ) : null}
      </p>

      <SubmitButton pending={busy} pendingLabel="Uploading…" wide={false}>
        {ready.length > 1 ? `Upload ${ready.length} files` : 'Upload'}
      </SubmitButton>
    </form>
  );
}

function FileRow({
  id,
  row,
  onTitle,
  onRemove,
  onRetry,
}: {
  id: string;
  row: Row;
  onTitle: (title: string) => void;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const editable = row.status === 'ready' || row.status === 'failed';
  const described = [row.titleError ? `${id}-title-error` : '', row.message ? `${id}-message` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li className="space-y-2 p-3" data-testid="upload-row" data-status={row.status}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="min-w-0 break-all text-sm text-slate-600">
          {row.path} · {formatBytes(row.file.size)}
        </span>
        <span
          className={`text-xs font-medium ${row.status === 'failed' || row.status === 'skipped' ? 'text-red-700' : row.status === 'done' ? 'text-emerald-700' : 'text-slate-600'}`}
        >
          {row.status === 'sending' && row.progress >= 1 ? 'Checking' : STATUS_LABEL[row.status]}
        </span>
      </div>
      {row.status === 'skipped' ? null : (
        <div className="space-y-1">
          <label htmlFor={`${id}-title`} className="sr-only">
            Title of {row.path}
          </label>
          {row.status === 'done' && row.document ? (
            <Link href={row.document.href} className="font-medium text-brand-700 underline">
              {row.document.title}
            </Link>
          ) : (
            <input
              id={`${id}-title`}
              value={row.title}
              maxLength={DOCUMENT_TITLE_MAX}
              readOnly={!editable}
              aria-invalid={row.titleError ? true : undefined}
              aria-describedby={described || undefined}
              onChange={(event) => onTitle(event.currentTarget.value)}
              className="w-full rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-ink read-only:bg-slate-50 focus:border-brand-600 aria-[invalid=true]:border-red-600"
            />
          )}
          <FieldError id={`${id}-title-error`} message={row.titleError ?? undefined} />
        </div>
      )}
      {row.status === 'sending' || row.status === 'queued' ? (
        <progress
          max={1}
          value={row.progress}
          aria-label={`Upload of ${row.path}`}
          className="h-1.5 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600"
        />
      ) : null}
      {row.message ? (
        <p id={`${id}-message`} className="text-sm text-red-700">
          {row.message}
          {row.existing ? (
            <>
              {' '}
              <Link href={row.existing.href} className="font-medium underline">
                Open “{row.existing.title}”
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {row.status === 'failed' || row.status === 'ready' || row.status === 'skipped' ? (
        <div className="flex gap-3 text-sm">
          {row.status === 'failed' ? (
            <button
              type="button"
              onClick={onRetry}
              className="rounded-lg border border-slate-300 px-3 py-1 font-medium hover:bg-slate-50"
            >
              Retry<span className="sr-only"> {row.path}</span>
            </button>
          ) : null}
          <button
            type="button"
            onClick={onRemove}
            className="rounded-lg px-3 py-1 text-slate-600 underline hover:text-slate-900"
          >
            Remove<span className="sr-only"> {row.path}</span>
          </button>
        </div>
      ) : null}
    </li>
  );
}
