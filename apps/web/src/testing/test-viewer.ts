import type { Database } from '@coursepack/db/schema';
import { insertUsers } from '@coursepack/db/testing/insert-user';
import type { Kysely } from 'kysely';
import type { Viewer } from '@/auth/viewer';

/** A signed-in viewer named and addressed after `id` (`ada` → ada@example.org), verified. */
export function testViewer(id: string, role: Viewer['role'] = 'member'): Viewer {
  return { id, email: `${id}@example.org`, name: id, role, emailVerified: true, image: null };
}

/** Stores the viewers' accounts, roles included. */
export async function insertViewers(db: Kysely<Database>, viewers: Viewer[]): Promise<void> {
  await insertUsers(
    db,
    viewers.map(({ id, name, email, role }) => ({ id, name, email, role })),
  );
}

let viewersMade = 0;

/**
 * Stores and returns a viewer no other test uses (`ada-7`), so a test's follows, bookmarks and
 * roles are its own whatever ran before it.
 */
export async function insertNewViewer(
  db: Kysely<Database>,
  name: string,
  role: Viewer['role'] = 'member',
): Promise<Viewer> {
  viewersMade += 1;
  const viewer = testViewer(`${name}-${viewersMade}`, role);
  await insertViewers(db, [viewer]);
  return viewer;
}
