import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '@/http/error-response';
import { consumeLimit, peekLimit } from './consume-limit';
import { enforceCourseCreationLimit, enforceUploadLimit } from './enforce-member-limits';
import { parseRateLimits } from './rate-limit-settings';
import { RATE_LIMITS } from './rate-limits';

const stranger = (memberId: string) => ({ memberId, intoEditableCourse: false });

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.destroy();
});

/** Moves a key's window into the past, as if its time had run out. */
async function expire(key: string) {
  await database.db
    .updateTable('limit_counters')
    .set({ expires_at: new Date(0) })
    .where('key', '=', key)
    .execute();
}

describe('consumeLimit', () => {
  it('allows max requests per window, then refuses with the seconds left', async () => {
    const rule = { max: 3, windowSeconds: 600 };
    const outcomes = [];
    for (let i = 0; i < 5; i += 1) outcomes.push(await consumeLimit(database.db, 'test:a', rule));
    expect(outcomes.map((o) => o.allowed)).toEqual([true, true, true, false, false]);
    const refused = outcomes[4];
    expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(600);
  });

  it('counts concurrent requests exactly once each (every replica shares the count)', async () => {
    const rule = { max: 10, windowSeconds: 600 };
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () => consumeLimit(database.db, 'test:burst', rule)),
    );
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(10);
  });

  it('starts a new window once the old one has ended, and prunes ended windows', async () => {
    const rule = { max: 1, windowSeconds: 600 };
    await consumeLimit(database.db, 'test:window', rule);
    expect((await consumeLimit(database.db, 'test:window', rule)).allowed).toBe(false);
    await expire('test:window');
    await consumeLimit(database.db, 'test:stale', rule);
    await expire('test:stale');
    expect((await consumeLimit(database.db, 'test:window', rule)).allowed).toBe(true);
    await consumeLimit(database.db, 'test:new-key-prunes', rule);
    const stale = await database.db
      .selectFrom('limit_counters')
      .where('key', '=', 'test:stale')
      .select('key')
      .executeTakeFirst();
    expect(stale).toBeUndefined();
  });

  it('peeks without counting', async () => {
    const rule = { max: 2, windowSeconds: 600 };
    expect((await peekLimit(database.db, 'test:peek', rule)).allowed).toBe(true);
    await consumeLimit(database.db, 'test:peek', rule);
    expect((await peekLimit(database.db, 'test:peek', rule)).allowed).toBe(true);
    await consumeLimit(database.db, 'test:peek', rule);
    expect((await peekLimit(database.db, 'test:peek', rule)).allowed).toBe(false);
    expect((await peekLimit(database.db, 'test:peek', rule)).allowed).toBe(false);
  });
});

describe('per-member limits', () => {
  it('answers 429 with Retry-After past the hourly uploads of one member, not of another', async () => {
    for (let i = 0; i < RATE_LIMITS.uploadsPerMember.max; i += 1) {
      await enforceUploadLimit(database.db, RATE_LIMITS, stranger('member-1'));
    }
    const error = await enforceUploadLimit(database.db, RATE_LIMITS, stranger('member-1')).catch(
      (e: unknown) => e,
    );
    const response = errorResponse(error);
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.uploadsPerMember.windowSeconds);
    const body = await response.json();
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toMatch(/^Too many uploads: .* Try again in \d+ minutes?\.$/);
    await expect(
      enforceUploadLimit(database.db, RATE_LIMITS, stranger('member-2')),
    ).resolves.toBeUndefined();
  });

  it('counts uploads into a course the member may edit apart, under their own limit', async () => {
    const limits = parseRateLimits({
      LIMIT_UPLOADS_PER_HOUR: '2',
      LIMIT_OWNER_UPLOADS_PER_HOUR: '4',
    });
    const owner = { memberId: 'teacher', intoEditableCourse: true };
    for (let i = 0; i < 4; i += 1) await enforceUploadLimit(database.db, limits, owner);
    await expect(enforceUploadLimit(database.db, limits, owner)).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many uploads: at most 4 in 60 minutes\./),
    });
    // Their own course being full does not stop them adding to a colleague's, and vice versa.
    for (let i = 0; i < 2; i += 1) {
      await enforceUploadLimit(database.db, limits, stranger('teacher'));
    }
    await expect(
      enforceUploadLimit(database.db, limits, stranger('teacher')),
    ).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/at most 2 in 60 minutes/),
    });
  });

  it('counts new courses apart from uploads', async () => {
    for (let i = 0; i < RATE_LIMITS.coursesPerMember.max; i += 1) {
      await enforceCourseCreationLimit(database.db, 'member-1');
    }
    await expect(enforceCourseCreationLimit(database.db, 'member-1')).rejects.toMatchObject({
      code: 'rate_limited',
    });
  });
});

describe('rate limit settings', () => {
  it('reads one variable per limit, with the defaults when unset', () => {
    const limits = parseRateLimits({
      LIMIT_SIGN_IN_PER_MINUTE: '12',
      LIMIT_COURSES_PER_HOUR: '3',
      LIMIT_UPLOADS_PER_HOUR: ' 200 ',
    });
    expect(limits.signInPerAddress).toEqual({ max: 12, windowSeconds: 60 });
    expect(limits.coursesPerMember).toEqual({ max: 3, windowSeconds: 3600 });
    expect(limits.uploadsPerMember).toEqual({ max: 200, windowSeconds: 3600 });
    expect(limits.ownerUploadsPerMember).toEqual({ max: 1000, windowSeconds: 3600 });
    expect(parseRateLimits({})).toEqual(RATE_LIMITS);
  });

  it('refuses a bad value with a line naming the variable and what it must be', () => {
    expect(() =>
      parseRateLimits({ LIMIT_UPLOADS_PER_HOUR: 'lots', LIMIT_SIGN_UPS_PER_HOUR: '0' }),
    ).toThrow(
      [
        'LIMIT_SIGN_UPS_PER_HOUR must be an integer between 1 and 1000000 (got "0")',
        'LIMIT_UPLOADS_PER_HOUR must be an integer between 1 and 1000000 (got "lots")',
      ].join('\n'),
    );
  });
});
