import { randomUUID } from 'node:crypto';
import type { Database } from '@coursepack/db/schema';
import { hashPassword } from 'better-auth/crypto';
import type { Kysely } from 'kysely';

/** The seed's course owner; README documents the credentials, start-up warns in production. */
export const DEMO_OWNER = {
  email: 'owner@demo.coursepack.dev',
  password: 'coursepack-demo',
  name: 'Demo Owner',
} as const;

/**
 * Creates the demo owner as better-auth would on sign-up (a user and a `credential` account
 * holding the library's own password hash), already verified, and returns the user id.
 * An existing account with that address is reused.
 */
export async function createDemoOwner(db: Kysely<Database>): Promise<string> {
  const existing = await db
    .selectFrom('users')
    .where('email', '=', DEMO_OWNER.email)
    .select('id')
    .executeTakeFirst();
  if (existing) return existing.id;
  const id = randomUUID();
  await db
    .insertInto('users')
    .values({ id, name: DEMO_OWNER.name, email: DEMO_OWNER.email, email_verified: true })
    .execute();
  await db
    .insertInto('accounts')
    .values({
      id: randomUUID(),
      user_id: id,
      account_id: id,
      provider_id: 'credential',
      password: await hashPassword(DEMO_OWNER.password),
    })
    .execute();
  return id;
}
