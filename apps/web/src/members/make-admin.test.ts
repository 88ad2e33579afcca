import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { insertUser } from '@coursepack/db/testing/insert-user';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
let testDb: TestDatabase;

/** Runs `npm run make-admin`'s script as an operator would, against the test database. */
async function makeAdmin(...args: string[]) {
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, ['scripts/make-admin.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: testDb.url },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  await insertUser(testDb.db, { id: 'first', name: 'First' });
});

afterAll(async () => {
  await testDb.destroy();
});

describe('npm run make-admin', () => {
  it('makes an existing account an admin', async () => {
    const result = await makeAdmin('First@Example.org');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('first@example.org is now an admin');
    const row = await testDb.db
      .selectFrom('users')
      .where('id', '=', 'first')
      .select('role')
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
  });

  it('says clearly when there is no such account, or no address at all', async () => {
    const missing = await makeAdmin('ghost@example.org');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      'make-admin: No account uses ghost@example.org. Sign up with that address first, then run this again.\n',
    );
    const usage = await makeAdmin();
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run make-admin -- <email of an existing account>');
  });
});
