import type { Database } from '@coursepack/db/schema';
import { verifyPassword } from 'better-auth/crypto';
import type { Kysely } from 'kysely';
import { DEMO_OWNER } from '../seed/create-demo-owner';

/** Whether the seed's demo owner still signs in with the password README publishes. */
export async function hasPublishedDemoPassword(db: Kysely<Database>): Promise<boolean> {
  const owner = await db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.user_id', 'users.id')
    .where('users.email', '=', DEMO_OWNER.email)
    .where('accounts.provider_id', '=', 'credential')
    .select('accounts.password')
    .executeTakeFirst();
  return Boolean(
    owner?.password &&
      (await verifyPassword({ hash: owner.password, password: DEMO_OWNER.password })),
  );
}

/**
 * What an operator must change before real visitors arrive and configuration cannot catch: the
 * demo owner's published password. (Unset secrets are refused in production by every
 * part's configuration.) Only asked in production mode: on a laptop the defaults are the point.
 */
export async function findInsecureDefaults(
  db: Kysely<Database>,
  env: NodeJS.ProcessEnv,
): Promise<string[]> {
  if (env.NODE_ENV !== 'production') return [];
  return (await hasPublishedDemoPassword(db))
    ? [
        `The demo owner ${DEMO_OWNER.email} still has the published password "${DEMO_OWNER.password}": change it on /account or delete the account.`,
      ]
    : [];
}
