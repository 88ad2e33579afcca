import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from './account-field-limits';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-rules';

/**
 * What is wrong with a field of an account form, by the code /api/auth answers with: the
 * server's check before better-auth reads the body, the forms' before they send it, and the
 * words for better-auth's own codes (INVALID_EMAIL, PASSWORD_TOO_SHORT, PASSWORD_TOO_LONG).
 * PASSWORD_TOO_WEAK's answer adds the strength check's advice to these words.
 */
export const FIELD_PROBLEMS = {
  NAME_REQUIRED: 'Enter your name.',
  NAME_TOO_LONG: `Shorten your name to ${NAME_MAX_LENGTH} characters or fewer.`,
  EMAIL_REQUIRED: 'Enter your email address.',
  INVALID_EMAIL: 'Enter your whole email address, like name@example.org.',
  PASSWORD_REQUIRED: 'Enter your password.',
  PASSWORD_TOO_SHORT: `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`,
  PASSWORD_TOO_LONG: `Choose a password of at most ${MAX_PASSWORD_LENGTH} characters.`,
  PASSWORD_TOO_WEAK: 'Choose a password that is harder to guess.',
} as const;

export type FieldProblemCode = keyof typeof FIELD_PROBLEMS;

export function isFieldProblemCode(code: unknown): code is FieldProblemCode {
  return typeof code === 'string' && Object.hasOwn(FIELD_PROBLEMS, code);
}

/** One field's problem, named by the field of the request body. */
export interface FieldProblem {
  field: string;
  code: FieldProblemCode;
  message: string;
}

/** The kinds of value an account form asks for; each has its own check. */
export type FieldKind = 'name' | 'email' | 'currentPassword' | 'newPassword';

const filled = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

const CHECKS: Record<FieldKind, (value: unknown) => FieldProblemCode | null> = {
  name: (value) => {
    if (!filled(value)) return 'NAME_REQUIRED';
    return value.length > NAME_MAX_LENGTH ? 'NAME_TOO_LONG' : null;
  },
  email: (value) => {
    if (!filled(value)) return 'EMAIL_REQUIRED';
    const valid = value.length <= EMAIL_MAX_LENGTH && z.email().safeParse(value).success;
    return valid ? null : 'INVALID_EMAIL';
  },
  currentPassword: (value) => (filled(value) ? null : 'PASSWORD_REQUIRED'),
  newPassword: (value) => {
    if (typeof value !== 'string' || value === '') return 'PASSWORD_REQUIRED';
    if (value.length < MIN_PASSWORD_LENGTH) return 'PASSWORD_TOO_SHORT';
    return value.length > MAX_PASSWORD_LENGTH ? 'PASSWORD_TOO_LONG' : null;
  },
};

/**
 * The fields of each /api/auth endpoint a form posts to, by their name in its body. The
 * strength of a new password is checked on the server after these (check-auth-body.ts).
 */
export const AUTH_BODY_FIELDS: Record<string, Record<string, FieldKind>> = {
  '/sign-up/email': { name: 'name', email: 'email', password: 'newPassword' },
  '/sign-in/email': { email: 'email', password: 'currentPassword' },
  '/request-password-reset': { email: 'email' },
  '/reset-password': { newPassword: 'newPassword' },
  '/change-password': { currentPassword: 'currentPassword', newPassword: 'newPassword' },
};

/** Every problem of `values`, one per field at most, each with the words to show beside it. */
export function findFieldProblems(
  fields: Record<string, FieldKind>,
  values: Record<string, unknown>,
): FieldProblem[] {
  return Object.entries(fields).flatMap(([field, kind]) => {
    const code = CHECKS[kind](values[field]);
    return code ? [{ field, code, message: FIELD_PROBLEMS[code] }] : [];
  });
}
