/**
 * `npm run make-admin -- <email>`: makes an existing account an admin (the first admin, or any
 * later one without going through the web). Uses DATABASE_URL, or else the embedded PostgreSQL
 * of DATA_DIR, which it starts and stops itself; it refuses while `npm start` is running on the
 * same machine, since that server holds the embedded database.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '@coursepack/db/client';
import { connectOrStartDatabase } from '@coursepack/db/connect-or-start';
import { setUserRole } from '../apps/web/src/members/set-user-role';
import { checkPortFree } from './start/check-port-free';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'Usage: npm run make-admin -- <email of an existing account>';

async function main(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const [email, ...rest] = args;
  if (!email || rest.length > 0) throw new Error(USAGE);
  if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
    throw new Error(`"${email}" is not an email address.\n${USAGE}`);
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  if (!databaseUrl) {
    // The embedded server of a running product owns the data directory; starting a second one
    // would stop it. npm start's ports tell whether it is up.
    await checkPortFree('WEB_PORT', Number(env.WEB_PORT || 3000));
    await checkPortFree('MEDIA_PORT', Number(env.MEDIA_PORT || 3002));
  }
  const database = await connectOrStartDatabase({
    databaseUrl,
    dataDir: path.resolve(root, env.DATA_DIR || 'data'),
  });
  const db = createDb(database.url, { max: 1 });
  try {
    const user = await setUserRole(db, 'command-line', { email, role: 'admin' });
    return user.changed
      ? `${user.email} is now an admin (sign in again, or reload, to see admin pages).`
      : `${user.email} is already an admin; nothing changed.`;
  } catch (error) {
    if ((error as { code?: unknown }).code === '42P01') {
      throw new Error('This database has no accounts yet: run `npm start` once to set it up.');
    }
    throw error;
  } finally {
    await db.destroy();
    await database.stop();
  }
}

main(process.argv.slice(2), process.env).then(
  (message) => {
    process.stdout.write(`${message}\n`);
  },
  (error: unknown) => {
    process.stderr.write(`make-admin: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
