'use client';

import { useRouter } from 'next/navigation';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { updateCourseContract } from '@/app/api/courses/[id]/contract';
import { uploadCoverContract } from '@/app/api/courses/[id]/cover/contract';
import { createCourseContract } from '@/app/api/courses/contract';
import { FormError } from '@/components/forms/form-error';
import { FieldError, TextareaField, TextField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useFilePreview } from '@/components/forms/use-file-preview';
import { useShowToast } from '@/components/toaster';
import { INSTITUTION_NAME_MAX, SUBJECT_NAME_MAX } from '@/courses/catalog-lists';
import { callRoute } from '@/http/client';
import { NameCombobox } from './name-combobox';

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
}: {
  courseId?: number;
  initial: CourseFormValues;
  coverUrl: string | null;
}) {
  const router = useRouter();
  const showToast = useShowToast();
  const id = useId();
  const [courseId, setCourseId] = useState(initialCourseId);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [cover, setCover] = useState<File | null>(null);
  const [preview] = useFilePreview(cover);
  // Each field's control id, form name, error and first value all go by the field's name.
  const named = (name: keyof CourseFormValues) => ({
    id: `${id}-${name}`,
    name,
    error: fields[name],
    defaultValue: initial[name],
  });

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
    showToast(initialCourseId ? 'course-saved' : 'course-created');
    router.push(course.path);
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5" aria-busy={pending}>
      <FormError message={error} />
      <TextField {...named('title')} label="Title" required maxLength={200} />
      <div className="grid gap-5 sm:grid-cols-[12rem_1fr]">
        <TextField {...named('code')} label="Code" optional maxLength={40} placeholder="MATH 221" />
        <NameCombobox
          {...named('subject')}
          list="subjects"
          label="Subject"
          hint="Pick one as you type, or name a new one."
          placeholder="Mathematics"
          maxLength={SUBJECT_NAME_MAX}
        />
      </div>
      <NameCombobox
        {...named('institution')}
        list="institutions"
        label="Institution"
        hint="Pick yours as you type, or write its full name if it is not listed yet."
        placeholder="Northbridge University"
        maxLength={INSTITUTION_NAME_MAX}
      />
      <TextareaField
        {...named('description')}
        label="Description"
        optional
        rows={6}
        maxLength={10_000}
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
            <p className="grid aspect-[40/21] place-items-center px-4 text-center text-sm text-slate-600">
              No cover yet: the course shows a pattern in its subject’s colours
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
        <SubmitButton pending={pending} pendingLabel="Saving…" wide={false}>
          {courseId ? 'Save changes' : 'Create course'}
        </SubmitButton>
      </div>
    </form>
  );
}
