import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '@/lib/app-error';
import type { FieldErrors } from '@/lib/parse-or-throw';

/**
 * Ids of the chosen subject and institution (fixed lists, picked by slug); a 400 naming each
 * choice that is not on its list.
 */
export async function resolveCourseLists(
  db: Kysely<Database>,
  choice: { subject?: string; institution?: string },
): Promise<{ subjectId?: number; institutionId?: number }> {
  const [subject, institution] = await Promise.all([
    choice.subject === undefined
      ? undefined
      : db
          .selectFrom('subjects')
          .where('slug', '=', choice.subject)
          .select('id')
          .executeTakeFirst(),
    choice.institution === undefined
      ? undefined
      : db
          .selectFrom('institutions')
          .where('slug', '=', choice.institution)
          .select('id')
          .executeTakeFirst(),
  ]);
  const fields: FieldErrors = {};
  if (choice.subject !== undefined && !subject) {
    fields.subject = `Subject "${choice.subject}" is not one of the listed subjects`;
  }
  if (choice.institution !== undefined && !institution) {
    fields.institution = `Institution "${choice.institution}" is not one of the listed institutions`;
  }
  if (Object.keys(fields).length > 0) {
    throw new AppError('bad_request', `${Object.values(fields).join('. ')}.`, { fields });
  }
  return { subjectId: subject?.id, institutionId: institution?.id };
}
