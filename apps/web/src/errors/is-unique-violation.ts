/**
 * Whether a PostgreSQL error is the refusal of a row that `constraint` (a unique index) already
 * holds: the one race a check-then-insert cannot close, answered as a conflict by its caller.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === '23505' &&
    'constraint' in error &&
    error.constraint === constraint
  );
}
