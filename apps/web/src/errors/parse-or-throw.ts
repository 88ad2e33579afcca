import type { z } from 'zod';
import { AppError } from './app-error';

/** Field name → its first problem, for a form to show beside each field. */
export type FieldErrors = Record<string, string>;

/**
 * Parses untrusted input, or throws a 400 whose message names every bad field and whose
 * `fields` detail maps each to its problem, so a form can keep what was typed and point at it.
 */
export function parseOrThrow<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrorsOf(result.error);
  throw new AppError('bad_request', `${Object.values(fields).join('. ')}.`, { fields });
}

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const name = issue.path.length > 0 ? String(issue.path[0]) : 'input';
    fields[name] ??= issue.message;
  }
  return fields;
}
