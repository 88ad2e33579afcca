import { z } from 'zod';

/** Longest institution and subject names: every real one we know fits with room to spare. */
export const INSTITUTION_NAME_MAX = 120;
export const SUBJECT_NAME_MAX = 80;

/**
 * Characters a name may not hold: control characters (tabs and line breaks are spaces by then),
 * lone surrogates, private-use code points and the bidirectional overrides and isolates, which
 * make a name read differently from what is stored.
 */
const UNSAFE_IN_NAME = /[\p{Cc}\p{Cs}\p{Co}\u202A-\u202E\u2066-\u2069]/u;

/**
 * An institution or subject as a member names it: spaces trimmed and runs of white space (line
 * breaks and tabs of a paste included) made one space. The database folds case and accents
 * into its key (migration 0021), so the spelling kept is the one first typed.
 */
function catalogName(label: 'Institution' | 'Subject', max: number) {
  const required = `Choose ${label === 'Institution' ? 'an institution' : 'a subject'}`;
  return z
    .string({ message: required })
    .transform((value) => value.replace(/\s+/gu, ' ').trim())
    .refine((value) => value.length > 0, { message: required })
    .refine((value) => !UNSAFE_IN_NAME.test(value), {
      message: `${label} contains invisible control characters; type the name again`,
    })
    .refine((value) => value.length <= max, {
      message: `${label} must be at most ${max} characters`,
    })
    .refine((value) => /[\p{L}\p{N}]/u.test(value), {
      message: `${label} must contain a letter or a digit`,
    });
}

/** The two lists a course is filed under; both tables have `slug`, `name` and `name_key`. */
export type CatalogList = 'institutions' | 'subjects';

export const CATALOG_LISTS = ['institutions', 'subjects'] as const satisfies CatalogList[];

/** What each list is called in messages, its name rule, and the course column pointing at it. */
export const CATALOG_LIST = {
  institutions: {
    noun: 'institution',
    column: 'institution_id',
    name: catalogName('Institution', INSTITUTION_NAME_MAX),
  },
  subjects: {
    noun: 'subject',
    column: 'subject_id',
    name: catalogName('Subject', SUBJECT_NAME_MAX),
  },
} as const;
