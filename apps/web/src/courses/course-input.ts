import { z } from 'zod';

/** Limits of migration 0001's CHECK constraints, checked here first so the message is ours. */
export const COURSE_TITLE_MAX = 200;
export const COURSE_CODE_MAX = 40;
export const COURSE_DESCRIPTION_MAX = 10_000;

/**
 * Trimmed text up to `max` characters. Everything a member types is stored as typed (pages
 * escape it when they render it) except U+0000, which PostgreSQL text cannot hold.
 */
function text(label: string, max: number) {
  return z
    .string({ message: `${label} must be text` })
    .refine((value) => !value.includes('\u0000'), {
      message: `${label} must not contain NUL characters`,
    })
    .transform((value) => value.trim())
    .refine((value) => value.length <= max, {
      message: `${label} must be at most ${max.toLocaleString('en')} characters`,
    });
}

/** Longest slug of the fixed subject and institution lists; anything longer is not on them. */
const LISTED_SLUG_MAX = 100;

/** A slug from one of the fixed lists; create-course checks that it exists. */
function listed(label: string) {
  const message = `Choose ${label}`;
  return z.string({ message }).trim().min(1, { message }).max(LISTED_SLUG_MAX, { message });
}

export const courseInputSchema = z.object({
  title: text('Title', COURSE_TITLE_MAX)
    .optional()
    .refine((value) => Boolean(value), { message: 'Title is required' })
    .transform((value) => value ?? ''),
  code: text('Code', COURSE_CODE_MAX)
    .nullish()
    .transform((value) => value || null),
  subject: listed('a subject'),
  institution: listed('an institution'),
  description: text('Description', COURSE_DESCRIPTION_MAX)
    .nullish()
    .transform((value) => value ?? ''),
});

export type CourseInput = z.infer<typeof courseInputSchema>;

/** A PATCH may send any subset of the fields. */
export const courseChangesSchema = courseInputSchema.partial();
export type CourseChanges = z.infer<typeof courseChangesSchema>;
