import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import { hashPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoOwner } from '../seed/create-demo-owner';
import { findInsecureDefaults } from './find-insecure-defaults';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await createDemoOwner(testDb.db);
});

afterAll(async () => {
  await testDb.destroy();
});

describe('findInsecureDefaults', () => {
  it('says nothing outside production mode', async () => {
    expect(await findInsecureDefaults(testDb.db, { NODE_ENV: 'development' })).toEqual([]);
  });

  it('warns in production about the development secrets and the demo owner password', async () => {
    const warnings = await findInsecureDefaults(testDb.db, { NODE_ENV: 'production' });
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/^AUTH_SECRET is not set/);
    expect(warnings[1]).toMatch(/^MEDIA_API_KEY \/ MEDIA_API_SECRET are not set/);
    expect(warnings[2]).toContain('owner@demo.coursepack.dev still has the published password');
  });

  it('stops warning once the secrets are set and the demo password is changed', async () => {
    await testDb.db
      .updateTable('accounts')
      .set({ password: await hashPassword('a private password') })
      .where('provider_id', '=', 'credential')
      .execute();
    const warnings = await findInsecureDefaults(testDb.db, {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      MEDIA_API_KEY: 'k',
      MEDIA_API_SECRET: 's',
    });
    expect(warnings).toEqual([]);
  });
});
