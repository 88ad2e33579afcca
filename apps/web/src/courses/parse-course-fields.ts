import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { AppError } from '@/errors/app-error';
import { type FieldErrors, fieldErrorsOf } from '@/errors/parse-or-throw';

async function findId(
  db: Kysely<Database>,
  table: 'subjects' | 'institutions',
  slug: unknown,
): Promise<number | undefined> {
  if (typeof slug !== 'string') return undefined;
  const row = await db
    .selectFrom(table)
    .where('slug', '=', slug.trim())
    .select('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Parses a course form and resolves its subject and institution (fixed lists, picked by slug)
 * to ids; one 400 names every problem at once, the unlisted choices included.
 */
export async function parseCourseFields<
  Schema extends z.ZodType<{ subject?: string; institution?: string }>,
>(
  db: Kysely<Database>,
  schema: Schema,
  input: unknown,
): Promise<{ fields: z.output<Schema>; subjectId?: number; institutionId?: number }> {
  const result = schema.safeParse(input);
  const errors: FieldErrors = result.success ? {} : fieldErrorsOf(result.error);
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const [subjectId, institutionId] = await Promise.all([
    findId(db, 'subjects', raw.subject),
    findId(db, 'institutions', raw.institution),
  ]);
  if (raw.subject !== undefined && !errors.subject && subjectId === undefined) {
    errors.subject = `Subject "${String(raw.subject)}" is not one of the listed subjects`;
  }
  if (raw.institution !== undefined && !errors.institution && institutionId === undefined) {
    errors.institution = `Institution "${String(raw.institution)}" is not one of the listed institutions`;
  }
  if (!result.success || Object.keys(errors).length > 0) {
    throw new AppError('bad_request', `${Object.values(errors).join('. ')}.`, { fields: errors });
  }
  return { fields: result.data, subjectId, institutionId };
}
