import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import { hashPassword } from 'better-auth/crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDemoOwner } from '../seed/create-demo-owner';
import { findInsecureDefaults } from './find-insecure-defaults';

let testDb: TestDatabase;

// One test changes the demo owner's password: each starts from a database of its own.
beforeEach(async () => {
  testDb = await createTestDatabase();
  await createDemoOwner(testDb.db);
});

afterEach(async () => {
  await testDb.destroy();
});

describe('findInsecureDefaults', () => {
  it('says nothing outside production mode', async () => {
    expect(await findInsecureDefaults(testDb.db, { NODE_ENV: 'development' })).toEqual([]);
  });

  it('warns in production about the demo owner password', async () => {
    const warnings = await findInsecureDefaults(testDb.db, { NODE_ENV: 'production' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('owner@demo.coursepack.dev still has the published password');
  });

  it('stops warning once the demo password is changed', async () => {
    await testDb.db
      .updateTable('accounts')
      .set({ password: await hashPassword('a private password') })
      .where('provider_id', '=', 'credential')
      .execute();
    expect(await findInsecureDefaults(testDb.db, { NODE_ENV: 'production' })).toEqual([]);
  });
});
