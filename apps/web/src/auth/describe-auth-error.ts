import { FIELD_PROBLEMS, isFieldProblemCode } from './account-rules';

/** A failed /api/auth request as better-auth's client returns it, or a no-JS form post. */
export interface AuthError {
  status: number;
  code?: string;
  message?: string;
  /** Every field /api/auth refused (limit-auth-requests.ts), by its name in the request body. */
  problems?: unknown;
}

/** What a form shows after a failed attempt: a message above it, and one beside each field. */
export interface FormProblems {
  form: string | null;
  fields: Record<string, string>;
}

export const NO_PROBLEMS: FormProblems = { form: null, fields: {} };

export interface AuthErrorWords {
  /** Shown when nothing more specific is known: what failed, and what to do. */
  fallback: string;
  /** The form's own words for better-auth codes, beside a field when `field` is given. */
  codes?: Record<string, { field?: string; message: string }>;
  /** The form's name for a field the request body names otherwise (newPassword → password). */
  fieldNames?: Record<string, string>;
}

/**
 * Statuses whose message our own server wrote (rate limits saying how long to wait, a too large
 * body, a database outage) and a form can show as it is; better-auth's own messages are never
 * shown: they are validator text like "[body.email] Invalid email address".
 */
const OWN_MESSAGE_STATUSES = new Set([413, 429, 503]);

/**
 * better-auth's refusal of a page on an address the site does not know as its own (one the
 * operator has not listed in SITE_ALIASES): trying again there cannot help.
 */
const FOREIGN_ORIGIN_CODES = new Set(['INVALID_ORIGIN', 'MISSING_OR_NULL_ORIGIN']);
const FOREIGN_ORIGIN_MESSAGE =
  'Signing in does not work at this address of Coursepack. Open Coursepack at its usual address, then try again.';

/** The field a code without one belongs to: the no-JS forms come back with a code alone. */
function fieldOfCode(code: keyof typeof FIELD_PROBLEMS): string {
  if (code.startsWith('NAME_')) return 'name';
  return code.includes('EMAIL') ? 'email' : 'password';
}

function readProblems(problems: unknown): { field: string; message: string }[] {
  if (!Array.isArray(problems)) return [];
  return problems.flatMap((problem: unknown) => {
    if (typeof problem !== 'object' || problem === null) return [];
    const { field, message } = problem as Record<string, unknown>;
    return typeof field === 'string' && typeof message === 'string' ? [{ field, message }] : [];
  });
}

/** A failed account request in words for a person, each beside the field it is about. */
export function describeAuthError(error: AuthError, words: AuthErrorWords): FormProblems {
  const rename = (field: string) => words.fieldNames?.[field] ?? field;
  const problems = readProblems(error.problems);
  if (problems.length > 0) {
    return {
      form: null,
      fields: Object.fromEntries(problems.map(({ field, message }) => [rename(field), message])),
    };
  }
  const { code } = error;
  const known = code === undefined ? undefined : words.codes?.[code];
  if (known) {
    return known.field
      ? { form: null, fields: { [known.field]: known.message } }
      : { form: known.message, fields: {} };
  }
  if (code !== undefined && FOREIGN_ORIGIN_CODES.has(code)) {
    return { form: FOREIGN_ORIGIN_MESSAGE, fields: {} };
  }
  if (isFieldProblemCode(code)) {
    return { form: null, fields: { [rename(fieldOfCode(code))]: FIELD_PROBLEMS[code] } };
  }
  if (OWN_MESSAGE_STATUSES.has(error.status) && error.message) {
    return { form: error.message, fields: {} };
  }
  return { form: words.fallback, fields: {} };
}
