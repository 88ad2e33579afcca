import type { Database } from '@coursepack/db/schema';
import { verifyPassword } from 'better-auth/crypto';
import type { Kysely } from 'kysely';
import { DEMO_OWNER } from '../seed/create-demo-owner';

/**
 * What an operator must change before real visitors arrive: secrets left at their development
 * values and the demo owner's published password. Only asked in production mode: on a laptop
 * the defaults are the point.
 */
export async function findInsecureDefaults(
  db: Kysely<Database>,
  env: NodeJS.ProcessEnv,
): Promise<string[]> {
  if (env.NODE_ENV !== 'production') return [];
  const warnings: string[] = [];
  if (!env.AUTH_SECRET) {
    warnings.push(
      'AUTH_SECRET is not set: sessions are signed with the development secret. Set it to a long random string.',
    );
  }
  if (!env.MEDIA_API_KEY || !env.MEDIA_API_SECRET) {
    warnings.push(
      'MEDIA_API_KEY / MEDIA_API_SECRET are not set: anyone can upload with the development credentials.',
    );
  }
  const owner = await db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.user_id', 'users.id')
    .where('users.email', '=', DEMO_OWNER.email)
    .where('accounts.provider_id', '=', 'credential')
    .select('accounts.password')
    .executeTakeFirst();
  if (
    owner?.password &&
    (await verifyPassword({ hash: owner.password, password: DEMO_OWNER.password }))
  ) {
    warnings.push(
      `The demo owner ${DEMO_OWNER.email} still has the published password "${DEMO_OWNER.password}": change it on /account or delete the account.`,
    );
  }
  return warnings;
}
