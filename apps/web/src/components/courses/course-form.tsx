'use client';

import { useRouter } from 'next/navigation';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { updateCourseContract } from '@/app/api/courses/[id]/contract';
import { uploadCoverContract } from '@/app/api/courses/[id]/cover/contract';
import { createCourseContract } from '@/app/api/courses/contract';
import { FormError } from '@/components/forms/form-error';
import { FieldError, SelectField, TextareaField, TextField } from '@/components/forms/form-field';
import type { Choice } from '@/courses/list-course-choices';
import { callRoute } from '@/http/client';

export interface CourseFormValues {
  title: string;
  code: string;
  subject: string;
  institution: string;
  description: string;
}

const COVER_MAX_BYTES = 10 * 1024 * 1024;

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
    const text = (name: string) => String(form.get(name) ?? '');
    const values = {
      title: text('title'),
      code: text('code'),
      subject: text('subject'),
      institution: text('institution'),
      description: text('description'),
    };
    setPending(true);
    setError(null);
    setFields({});
    const saved = courseId
      ? await callRoute(updateCourseContract, { params: { id: courseId }, json: values })
      : await callRoute(createCourseContract, { json: values });
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
      const uploaded = await callRoute(uploadCoverContract, {
        params: { id: course.id },
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

  return (
    <form onSubmit={onSubmit} className="space-y-5" aria-busy={pending}>
      <FormError message={error} />
      <TextField
        id={`${id}-title`}
        label="Title"
        error={fields.title}
        name="title"
        required
        maxLength={200}
        defaultValue={initial.title}
      />
      <div className="grid gap-5 sm:grid-cols-[12rem_1fr]">
        <TextField
          id={`${id}-code`}
          label="Code"
          optional
          error={fields.code}
          name="code"
          maxLength={40}
          placeholder="MATH 221"
          defaultValue={initial.code}
        />
        <SelectField
          id={`${id}-subject`}
          label="Subject"
          error={fields.subject}
          name="subject"
          required
          defaultValue={initial.subject}
        >
          <option value="">Choose a subject…</option>
          {subjects.map((choice) => (
            <option key={choice.slug} value={choice.slug}>
              {choice.name}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField
        id={`${id}-institution`}
        label="Institution"
        error={fields.institution}
        name="institution"
        required
        defaultValue={initial.institution}
      >
        <option value="">Choose an institution…</option>
        {institutions.map((choice) => (
          <option key={choice.slug} value={choice.slug}>
            {choice.name}
          </option>
        ))}
      </SelectField>
      <TextareaField
        id={`${id}-description`}
        label="Description"
        optional
        error={fields.description}
        name="description"
        rows={6}
        maxLength={10_000}
        defaultValue={initial.description}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Cover image</legend>
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:w-80">
          {preview || coverUrl ? (
            // biome-ignore lint/performance/noImgElement: a local preview (blob: URL), which next/image cannot load, or the current cover, shown as it is
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
          aria-invalid={fields.cover ? true : undefined}
          aria-describedby={fields.cover ? `${id}-cover-error` : undefined}
          className="block text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 hover:file:bg-brand-100"
        />
        <FieldError id={`${id}-cover-error`} message={fields.cover} />
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
