import type { Insertable, Kysely } from 'kysely';
import type { Database, UsersTable } from '../schema';

/** A user as a test says it: its id, and whichever other columns matter to the test. */
export type UserFields = Partial<Insertable<UsersTable>> & Pick<Insertable<UsersTable>, 'id'>;

/** A `users` row named after its id and addressed `<id>@example.org` unless the test says so. */
export function userRow({ id, ...fields }: UserFields): Insertable<UsersTable> {
  return { id, name: id, email: `${id}@example.org`, ...fields };
}

/** Stores the users (see userRow for what each is unless said). */
export async function insertUsers(db: Kysely<Database>, users: UserFields[]): Promise<void> {
  await db.insertInto('users').values(users.map(userRow)).execute();
}

/** Stores one user; its id. */
export async function insertUser(db: Kysely<Database>, user: UserFields): Promise<string> {
  await insertUsers(db, [user]);
  return user.id;
}
