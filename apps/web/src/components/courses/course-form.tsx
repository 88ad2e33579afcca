'use client';

import { useRouter } from 'next/navigation';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import type { Choice } from '@/courses/list-course-choices';
import { callApi } from '@/lib/call-api';

export interface CourseFormValues {
  title: string;
  code: string;
  subject: string;
  institution: string;
  description: string;
}

const COVER_MAX_BYTES = 10 * 1024 * 1024;
const INPUT =
  'w-full rounded-lg border bg-white px-3 py-2 text-ink placeholder:text-slate-400 focus:border-brand-600 aria-[invalid=true]:border-red-600';

type Saved = { course: { id: number; slug: string; path: string } };

/**
 * Creates or edits a course. A failed save keeps everything typed and says what is wrong beside
 * each field. The cover goes up after the course is saved; if only the cover fails, the course
 * is kept and the form switches to editing it, so trying another image loses nothing.
 */
export function CourseForm({
  courseId: initialCourseId,
  initial,
  coverUrl,
  subjects,
  institutions,
}: {
  courseId?: number;
  initial: CourseFormValues;
  coverUrl: string | null;
  subjects: Choice[];
  institutions: Choice[];
}) {
  const router = useRouter();
  const id = useId();
  const [courseId, setCourseId] = useState(initialCourseId);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [cover, setCover] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!cover) return;
    const url = URL.createObjectURL(cover);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [cover]);

  function onCoverChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0] ?? null;
    setFields(({ cover: _, ...rest }) => rest);
    if (file && file.size > COVER_MAX_BYTES) {
      setFields((current) => ({ ...current, cover: 'The cover must be at most 10 MB.' }));
      event.currentTarget.value = '';
      setCover(null);
      return;
    }
    setCover(file);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(
      ['title', 'code', 'subject', 'institution', 'description'].map((name) => [
        name,
        String(form.get(name) ?? ''),
      ]),
    );
    setPending(true);
    setError(null);
    setFields({});
    const saved = await callApi<Saved>(courseId ? `/api/courses/${courseId}` : '/api/courses', {
      method: courseId ? 'PATCH' : 'POST',
      json: values,
    });
    if (!saved.ok) {
      setError(saved.message);
      setFields(saved.fields);
      setPending(false);
      return;
    }
    const { course } = saved.data;
    if (cover) {
      const body = new FormData();
      body.append('file', cover);
      const uploaded = await callApi(`/api/courses/${course.id}/cover`, {
        method: 'POST',
        form: body,
      });
      if (!uploaded.ok) {
        setCourseId(course.id);
        setError(
          `The course is saved, but not its cover: ${uploaded.message} Choose another image and save again, or open the course.`,
        );
        setFields({ cover: uploaded.message });
        setPending(false);
        return;
      }
    }
    router.push(course.path);
    router.refresh();
  }

  const describedBy = (name: string) => (fields[name] ? `${id}-${name}-error` : undefined);
  const fieldError = (name: string) =>
    fields[name] ? (
      <p id={`${id}-${name}-error`} className="text-sm text-red-700">
        {fields[name]}
      </p>
    ) : null;

  return (
    <form onSubmit={onSubmit} className="space-y-5" aria-busy={pending}>
      <div
        role="alert"
        className={error ? 'rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800' : 'sr-only'}
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
          maxLength={200}
          defaultValue={initial.title}
          aria-invalid={Boolean(fields.title)}
          aria-describedby={describedBy('title')}
          className={`${INPUT} border-slate-300`}
        />
        {fieldError('title')}
      </div>
      <div className="grid gap-5 sm:grid-cols-[12rem_1fr]">
        <div className="space-y-1">
          <label htmlFor={`${id}-code`} className="block text-sm font-medium text-slate-800">
            Code <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input
            id={`${id}-code`}
            name="code"
            maxLength={40}
            placeholder="MATH 221"
            defaultValue={initial.code}
            aria-invalid={Boolean(fields.code)}
            aria-describedby={describedBy('code')}
            className={`${INPUT} border-slate-300`}
          />
          {fieldError('code')}
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-subject`} className="block text-sm font-medium text-slate-800">
            Subject
          </label>
          <select
            id={`${id}-subject`}
            name="subject"
            required
            defaultValue={initial.subject}
            aria-invalid={Boolean(fields.subject)}
            aria-describedby={describedBy('subject')}
            className={`${INPUT} border-slate-300`}
          >
            <option value="">Choose a subject…</option>
            {subjects.map((choice) => (
              <option key={choice.slug} value={choice.slug}>
                {choice.name}
              </option>
            ))}
          </select>
          {fieldError('subject')}
        </div>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-institution`} className="block text-sm font-medium text-slate-800">
          Institution
        </label>
        <select
          id={`${id}-institution`}
          name="institution"
          required
          defaultValue={initial.institution}
          aria-invalid={Boolean(fields.institution)}
          aria-describedby={describedBy('institution')}
          className={`${INPUT} border-slate-300`}
        >
          <option value="">Choose an institution…</option>
          {institutions.map((choice) => (
            <option key={choice.slug} value={choice.slug}>
              {choice.name}
            </option>
          ))}
        </select>
        {fieldError('institution')}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-description`} className="block text-sm font-medium text-slate-800">
          Description <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={6}
          maxLength={10_000}
          defaultValue={initial.description}
          aria-invalid={Boolean(fields.description)}
          aria-describedby={describedBy('description')}
          className={`${INPUT} border-slate-300`}
        />
        {fieldError('description')}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Cover image</legend>
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:w-80">
          {preview || coverUrl ? (
            // A local preview (blob: URL) or the current cover; both are shown as they are.
            <img
              src={preview ?? coverUrl ?? ''}
              alt={preview ? 'Preview of the chosen cover' : 'Current cover'}
              className="aspect-[40/21] w-full object-cover"
            />
          ) : (
            <p className="grid aspect-[40/21] place-items-center text-sm text-slate-500">
              No cover yet
            </p>
          )}
        </div>
        <label htmlFor={`${id}-cover`} className="block text-sm text-slate-700">
          {coverUrl ? 'Replace the cover' : 'Choose a cover'} (JPEG, PNG, WebP, GIF or AVIF, up to
          10 MB; shown at 40:21)
        </label>
        <input
          id={`${id}-cover`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          onChange={onCoverChange}
          aria-invalid={Boolean(fields.cover)}
          aria-describedby={describedBy('cover')}
          className="block text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 hover:file:bg-brand-100"
        />
        {fieldError('cover')}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {pending ? 'Saving…' : courseId ? 'Save changes' : 'Create course'}
        </button>
      </div>
    </form>
  );
}
