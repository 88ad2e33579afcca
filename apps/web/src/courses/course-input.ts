import { z } from 'zod';
import { CATALOG_LIST } from './catalog-lists';

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

export const courseInputSchema = z.object({
  title: text('Title', COURSE_TITLE_MAX)
    .optional()
    .refine((value) => Boolean(value), { message: 'Title is required' })
    .transform((value) => value ?? ''),
  code: text('Code', COURSE_CODE_MAX)
    .nullish()
    .transform((value) => value || null),
  subject: CATALOG_LIST.subjects.name,
  institution: CATALOG_LIST.institutions.name,
  description: text('Description', COURSE_DESCRIPTION_MAX)
    .nullish()
    .transform((value) => value ?? ''),
});

export type CourseInput = z.infer<typeof courseInputSchema>;

/** A PATCH may send any subset of the fields. */
export const courseChangesSchema = courseInputSchema.partial();
export type CourseChanges = z.infer<typeof courseChangesSchema>;
