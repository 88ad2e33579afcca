import { DOCUMENT_KINDS } from '@coursepack/db/schema';
import { z } from 'zod';
import { DOCUMENT_DESCRIPTION_MAX, DOCUMENT_TITLE_MAX } from './document-limits';

/**
 * Trimmed text up to `max` characters, stored as typed (pages escape it when they render it)
 * except U+0000, which PostgreSQL text cannot hold.
 */
function text(label: string, max: number) {
  return z
    .string({
      error: (issue) => (issue.input == null ? `${label} is required` : `${label} must be text`),
    })
    .refine((value) => !value.includes('\u0000'), {
      message: `${label} must not contain NUL characters`,
    })
    .transform((value) => value.trim())
    .refine((value) => value.length <= max, {
      message: `${label} must be at most ${max.toLocaleString('en')} characters`,
    });
}

const title = text('Title', DOCUMENT_TITLE_MAX).refine((value) => value.length > 0, {
  message: 'Title is required',
});
const description = text('Description', DOCUMENT_DESCRIPTION_MAX);
const kind = z.enum(DOCUMENT_KINDS, {
  message: `Kind must be one of ${DOCUMENT_KINDS.join(', ')}`,
});

/** The language of a document's text (ISO 639-1, with a region when it matters): picks its OCR model. */
const language = z
  .string({ message: 'Language must be a language code like en or pt-BR' })
  .trim()
  .regex(/^[a-z]{2}(-[A-Z]{2})?$/, {
    message: 'Language must be a language code like en or pt-BR',
  });

/** What a member says about a document: on upload and when editing it. */
export const documentInputSchema = z.object({
  title,
  description: description.nullish().transform((value) => value ?? ''),
  kind,
  language: z
    .union([z.literal(''), language])
    .nullish()
    .transform((value) => value || 'en'),
});
export type DocumentInput = z.infer<typeof documentInputSchema>;

/** A PATCH sends any subset of the fields, but at least one. */
export const documentChangesSchema = z
  .object({ title, description, kind })
  .partial()
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    message: 'Send at least one of title, description or kind',
  });
export type DocumentChanges = z.infer<typeof documentChangesSchema>;

/** Form fields arrive as text: a course id is a positive whole number. */
export const courseIdSchema = z
  .string({ message: 'Choose a course' })
  .trim()
  .regex(/^[1-9]\d{0,9}$/, { message: 'Choose a course' })
  .transform(Number)
  .refine((id) => id <= 2_147_483_647, { message: 'Choose a course' });
