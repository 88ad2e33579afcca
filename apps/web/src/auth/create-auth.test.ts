import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import { getMigrations } from 'better-auth/db/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, readOutbox } from '@/mail/create-mailer';
import { type Auth, createAuth, SESSION_COOKIE_NAME } from './create-auth';

const SITE = 'http://localhost:3000';

let database: TestDatabase;
let outboxDir: string;
let auth: Auth;
let strictAuth: Auth;
const deletedContentOf: string[] = [];

function buildAuth(overrides: { rateLimit?: boolean; requireEmailVerification?: boolean } = {}) {
  return createAuth({
    db: database.db,
    config: {
      siteUrl: SITE,
      auth: {
        secret: 'a-test-secret-that-is-long-enough-to-sign-cookies',
        secretIsConfigured: true,
        rateLimit: overrides.rateLimit ?? false,
        requireEmailVerification: overrides.requireEmailVerification ?? false,
        adminEmails: ['boss@example.org'],
        github: null,
        google: null,
      },
    },
    mailer: createMailer({ smtpUrl: null, from: 'Coursepack <no-reply@test>', outboxDir }),
    deleteMemberContent: async (userId) => {
      deletedContentOf.push(userId);
    },
  });
}

let ip = 0;
/** A request as a browser on its own address would send it. */
function call(
  target: Auth,
  route: string,
  init: { body?: unknown; cookie?: string; method?: string; from?: string } = {},
) {
  ip += 1;
  return target.handler(
    new Request(`${SITE}/api/auth${route}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        'content-type': 'application/json',
        origin: SITE,
        'x-forwarded-for': init.from ?? `203.0.113.${ip % 250}`,
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
}

function sessionCookie(response: Response): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(SESSION_COOKIE_NAME));
  if (!header) throw new Error(`no session cookie in ${response.status} response`);
  return header.split(';')[0] as string;
}

async function signUp(target: Auth, email: string, password = 'correct horse battery') {
  return call(target, '/sign-up/email', { body: { email, password, name: 'Ada Lovelace' } });
}

beforeAll(async () => {
  database = await createTestDatabase();
  outboxDir = await mkdtemp(path.join(tmpdir(), 'coursepack-outbox-'));
  auth = buildAuth();
  strictAuth = buildAuth({ rateLimit: true, requireEmailVerification: true });
});

afterAll(async () => {
  await database.destroy();
  await rm(outboxDir, { recursive: true, force: true });
});

describe('better-auth over the Coursepack schema', () => {
  it('finds every table and column it needs in migration 0003', async () => {
    const plan = await getMigrations(auth.options, { throwOnUnsafe: false });
    expect(plan.toBeCreated).toEqual([]);
    expect(plan.toBeAdded).toEqual([]);
  });

  it('signs a member up with a hashed password and an httpOnly session cookie', async () => {
    const response = await signUp(auth, 'ada@example.org');
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(
      new RegExp(`${SESSION_COOKIE_NAME.replace('.', '\\.')}=[^;]+;.*HttpOnly`, 'i'),
    );
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const user = await database.db
      .selectFrom('users')
      .where('email', '=', 'ada@example.org')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(user.role).toBe('member');
    expect(user.email_verified).toBe(false);
    const account = await database.db
      .selectFrom('accounts')
      .where('user_id', '=', user.id)
      .select(['provider_id', 'password'])
      .executeTakeFirstOrThrow();
    expect(account.provider_id).toBe('credential');
    expect(account.password).not.toContain('correct horse');
    expect(account.password?.length).toBeGreaterThan(40);
  });

  it('makes a member who signs up with a configured admin address an admin', async () => {
    await signUp(auth, 'Boss@Example.org');
    const user = await database.db
      .selectFrom('users')
      .where('email', '=', 'boss@example.org')
      .select('role')
      .executeTakeFirstOrThrow();
    expect(user.role).toBe('admin');
  });

  it('cannot be given a role by the sign-up request itself', async () => {
    await call(auth, '/sign-up/email', {
      body: {
        email: 'sneaky@example.org',
        password: 'correct horse battery',
        name: 'S',
        role: 'admin',
      },
    });
    const user = await database.db
      .selectFrom('users')
      .where('email', '=', 'sneaky@example.org')
      .select('role')
      .executeTakeFirst();
    expect(user?.role ?? 'member').toBe('member');
  });

  it('refuses a second account with the same email and a too-short password', async () => {
    const duplicate = await signUp(auth, 'ada@example.org');
    expect(duplicate.status).toBe(422);
    const short = await signUp(auth, 'short@example.org', 'abc');
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ message: 'Password too short' });
  });

  it('signs in with the right password, answers 401 to a wrong one, and signs out', async () => {
    const wrong = await call(auth, '/sign-in/email', {
      body: { email: 'ada@example.org', password: 'not the password' },
    });
    expect(wrong.status).toBe(401);

    const right = await call(auth, '/sign-in/email', {
      body: { email: 'ada@example.org', password: 'correct horse battery' },
    });
    expect(right.status).toBe(200);
    const cookie = sessionCookie(right);
    const session = await call(auth, '/get-session', { cookie });
    expect(await session.json()).toMatchObject({ user: { email: 'ada@example.org' } });

    const out = await call(auth, '/sign-out', { body: {}, cookie });
    expect(out.status).toBe(200);
    const after = await call(auth, '/get-session', { cookie });
    expect(await after.json()).toBeNull();
  });

  it('mails a verification link on sign-up that verifies the address', async () => {
    await signUp(auth, 'verify@example.org');
    const mail = (await readOutbox(outboxDir)).findLast((m) => m.to === 'verify@example.org');
    expect(mail?.subject).toBe('Confirm your email address for Coursepack');
    const link = mail?.text.match(/http\S+/)?.[0] ?? '';
    const url = new URL(link);
    expect(url.pathname).toBe('/api/auth/verify-email');
    const response = await call(auth, `/verify-email${url.search}`);
    expect([200, 302]).toContain(response.status);
    const user = await database.db
      .selectFrom('users')
      .where('email', '=', 'verify@example.org')
      .select('email_verified')
      .executeTakeFirstOrThrow();
    expect(user.email_verified).toBe(true);
  });

  it('resets a password through the mailed link and signs out every other session', async () => {
    await signUp(auth, 'forgetful@example.org', 'the old password 1');
    const before = sessionCookie(
      await call(auth, '/sign-in/email', {
        body: { email: 'forgetful@example.org', password: 'the old password 1' },
      }),
    );
    const request = await call(auth, '/request-password-reset', {
      body: { email: 'forgetful@example.org', redirectTo: '/reset-password' },
    });
    expect(request.status).toBe(200);
    const mail = (await readOutbox(outboxDir)).findLast((m) => m.to === 'forgetful@example.org');
    expect(mail?.subject).toBe('Reset your Coursepack password');
    const token = mail?.text.match(/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();

    const reset = await call(auth, '/reset-password', {
      body: { token, newPassword: 'the new password 2' },
    });
    expect(reset.status).toBe(200);
    expect(await (await call(auth, '/get-session', { cookie: before })).json()).toBeNull();
    const old = await call(auth, '/sign-in/email', {
      body: { email: 'forgetful@example.org', password: 'the old password 1' },
    });
    expect(old.status).toBe(401);
    const fresh = await call(auth, '/sign-in/email', {
      body: { email: 'forgetful@example.org', password: 'the new password 2' },
    });
    expect(fresh.status).toBe(200);
  });

  it('asks for a verified address before sign-in when verification is required', async () => {
    await signUp(strictAuth, 'unverified@example.org');
    const attempt = await call(strictAuth, '/sign-in/email', {
      body: { email: 'unverified@example.org', password: 'correct horse battery' },
    });
    expect(attempt.status).toBe(403);
    expect(await attempt.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });

  it('rate-limits repeated sign-in attempts from one address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await call(strictAuth, '/sign-in/email', {
        body: { email: 'ada@example.org', password: `guess ${attempt}` },
        from: '198.51.100.7',
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5).every((status) => status !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const stored = await database.db.selectFrom('rate_limits').select('key').execute();
    expect(stored.some((row) => row.key.includes('198.51.100.7'))).toBe(true);
  });

  it('deletes an account with its content after the password is confirmed', async () => {
    const signedUp = await signUp(auth, 'leaving@example.org', 'goodbye password 1');
    const cookie = sessionCookie(signedUp);
    const user = await database.db
      .selectFrom('users')
      .where('email', '=', 'leaving@example.org')
      .select('id')
      .executeTakeFirstOrThrow();

    const wrong = await call(auth, '/delete-user', {
      body: { password: 'nope nope nope' },
      cookie,
    });
    expect(wrong.status).toBe(400);
    expect(deletedContentOf).not.toContain(user.id);

    const response = await call(auth, '/delete-user', {
      body: { password: 'goodbye password 1' },
      cookie,
    });
    expect(response.status).toBe(200);
    expect(deletedContentOf).toContain(user.id);
    const gone = await database.db
      .selectFrom('users')
      .where('id', '=', user.id)
      .select('id')
      .executeTakeFirst();
    expect(gone).toBeUndefined();
  });
});
