// Relative imports: `npm run make-admin` runs this file under tsx, outside the `@/` alias.
import type { Database, UserRole } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import { canSetUserRole } from '../auth/permissions';
import type { Viewer } from '../auth/viewer';
import { AppError } from '../errors/app-error';

/**
 * Who is asking: a signed-in admin, or the operator running `npm run make-admin` on the server
 * (whoever can run commands there can already change the database).
 */
export type RoleChanger = Viewer | null | 'command-line';

/** Sets the role of the account with this email address. */
export async function setUserRole(
  db: Kysely<Database>,
  actor: RoleChanger,
  input: { email: string; role: UserRole },
): Promise<{ id: string; email: string; role: UserRole; changed: boolean }> {
  const email = input.email.trim().toLowerCase();
  const user = await db
    .selectFrom('users')
    .where(sql<string>`lower(email)`, '=', email)
    .select(['id', 'email', 'role'])
    .executeTakeFirst();
  if (actor !== 'command-line') {
    if (!actor) throw new AppError('unauthorized', 'Sign in as an admin to change roles.');
    if (!canSetUserRole(actor, user?.id ?? '')) {
      throw new AppError('forbidden', 'Only another admin can change roles (yours included).');
    }
  }
  if (!user) {
    throw new AppError(
      'not_found',
      `No account uses ${email}. Sign up with that address first, then run this again.`,
    );
  }
  if (user.role === input.role) return { ...user, changed: false };
  await db
    .updateTable('users')
    .set({ role: input.role, updated_at: sql`now()` })
    .where('id', '=', user.id)
    .execute();
  return { id: user.id, email: user.email, role: input.role, changed: true };
}
