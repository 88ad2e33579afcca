import { AUTH_BODY_FIELDS, type FieldProblem, findFieldProblems } from './account-rules';
import { personalWords, ratePassword } from './password-strength';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * What is wrong with the fields of a form's request to /api/auth (`path` below /api/auth), in
 * our words, before better-auth reads it: empty, malformed or over-long values and
 * wrong-length passwords. Cheap; the strength of a new password is `rateNewPasswords`'.
 */
export function checkAuthFields(path: string, body: Record<string, unknown>): FieldProblem[] {
  const fields = AUTH_BODY_FIELDS[path];
  return fields ? findFieldProblems(fields, body) : [];
}

/** Whether `path` sets a password, whose strength `rateNewPasswords` then checks. */
export function setsPassword(path: string): boolean {
  return Object.values(AUTH_BODY_FIELDS[path] ?? {}).includes('newPassword');
}

/**
 * The new passwords of a request that passed `checkAuthFields` and are too easy to guess, rated
 * with the member's name and address (when the request carries them) as known words.
 */
export function rateNewPasswords(path: string, body: Record<string, unknown>): FieldProblem[] {
  const userInputs = personalWords(text(body.name), text(body.email));
  return Object.entries(AUTH_BODY_FIELDS[path] ?? {}).flatMap(([field, kind]) => {
    if (kind !== 'newPassword') return [];
    const rating = ratePassword(String(body[field]), userInputs);
    return rating.acceptable
      ? []
      : [{ field, code: 'PASSWORD_TOO_WEAK' as const, message: rating.advice }];
  });
}
