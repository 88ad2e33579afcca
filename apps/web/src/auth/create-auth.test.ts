import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import type { TrustProxy } from '@coursepack/trust-proxy/trust-proxy';
import { createMailer, readOutbox } from '@coursepack/worker/mail/create-mailer';
import { getMigrations } from 'better-auth/db/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashClientAddress } from '@/limits/hash-client-address';
import { RATE_LIMITS, SIGN_IN_SLOWDOWN } from '@/limits/rate-limits';
import { normalizeForwardedHeaders } from '@/server/normalize-forwarded-headers';
import { COUNTING_CHUNK_BYTES, countingBody } from '@/testing/counting-body';
import { AUTH_BODY_MAX_BYTES } from './account-field-limits';
import { type Auth, createAuth, SESSION_COOKIE_NAME } from './create-auth';
import { signInDelayMs } from './limit-auth-requests';
import { readAuthFormFailure, submitAuthForm } from './submit-auth-form';

const SITE = 'http://localhost:3000';
/** Another origin of the site, as SITE_ALIASES lists it. */
const ALIAS = 'http://127.0.0.1:3000';
const SECRET = 'a-test-secret-that-is-long-enough-to-sign-cookies';
/** How the limits' keys name a client address. */
const clientKey = (address: string) => hashClientAddress(SECRET, address);

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
      siteAliases: [ALIAS],
      auth: {
        secret: SECRET,
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

/** A body that would be hundreds of megabytes if it were read whole. */
const HOSTILE_BYTES = 700 * 1024 * 1024;

let ip = 0;
/** A request as a browser on its own address would send it. */
function call(
  target: Auth,
  route: string,
  init: { body?: unknown; cookie?: string; method?: string; from?: string; origin?: string } = {},
) {
  ip += 1;
  return target.handler(
    new Request(`${SITE}/api/auth${route}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        'content-type': 'application/json',
        origin: init.origin ?? SITE,
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

function deviceCookie(response: Response): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith('coursepack.device='));
  if (!header) throw new Error(`no device cookie in ${response.status} response`);
  expect(header).toMatch(/HttpOnly/i);
  expect(header).toMatch(/Path=\/api\/auth(;|$)/i);
  expect(Number(header.match(/Max-Age=(\d+)/i)?.[1])).toBeGreaterThan(365 * 24 * 60 * 60);
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
  it('finds every table and column it needs in migrations 0003 and 0007', async () => {
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
    await signUp(auth, 'twice@example.org');
    const duplicate = await signUp(auth, 'twice@example.org');
    expect(duplicate.status).toBe(422);
    const short = await signUp(auth, 'short@example.org', 'abc');
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({
      code: 'PASSWORD_TOO_SHORT',
      field: 'password',
      message: 'Choose a password of at least 8 characters.',
    });
  });

  it('refuses common and guessable passwords with advice, and takes a strong one', async () => {
    const weak = await signUp(auth, 'weak@example.org', 'password');
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({
      code: 'PASSWORD_TOO_WEAK',
      field: 'password',
      message:
        'Choose a password that is harder to guess. This is a heavily used password. Add more words that are less common.',
    });
    // Built from the member's own name and address.
    const personal = await call(auth, '/sign-up/email', {
      body: {
        name: 'Grace Hopper',
        email: 'grace.hopper@example.org',
        password: 'grace.hopper@example.org',
      },
    });
    expect(await personal.json()).toMatchObject({ code: 'PASSWORD_TOO_WEAK' });
    for (const guessable of ['Password1!', 'qwertyuiop', '12345678', 'aaaaaaaaaaaa']) {
      const response = await signUp(auth, 'weak@example.org', guessable);
      expect(response.status, guessable).toBe(400);
    }
    const stored = await database.db
      .selectFrom('users')
      .where('email', 'in', ['weak@example.org', 'grace.hopper@example.org'])
      .select('id')
      .execute();
    expect(stored).toEqual([]);
    expect((await signUp(auth, 'weak@example.org', 'limestone orbit kettle')).status).toBe(200);
  });

  it('answers every field it refuses in our words, naming the field, before better-auth reads it', async () => {
    const response = await call(auth, '/sign-up/email', {
      body: { name: ' ', email: 'not-an-address', password: '' },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({
      code: 'NAME_REQUIRED',
      field: 'name',
      message: 'Enter your name.',
    });
    expect(body.problems).toEqual([
      { field: 'name', code: 'NAME_REQUIRED', message: 'Enter your name.' },
      {
        field: 'email',
        code: 'INVALID_EMAIL',
        message: 'Enter your whole email address, like name@example.org.',
      },
      { field: 'password', code: 'PASSWORD_REQUIRED', message: 'Enter your password.' },
    ]);
    const signIn = await call(auth, '/sign-in/email', { body: { email: 'a@b', password: 'x' } });
    expect(await signIn.json()).toMatchObject({ code: 'INVALID_EMAIL', field: 'email' });
    const reset = await call(auth, '/request-password-reset', { body: { email: 42 } });
    expect(await reset.json()).toMatchObject({ code: 'EMAIL_REQUIRED', field: 'email' });
  });

  it('signs in from another origin of the site (SITE_ALIASES), and from no other', async () => {
    await signUp(auth, 'aliased@example.org');
    const body = { email: 'aliased@example.org', password: 'correct horse battery' };
    // better-auth checks the origin of a request that carries cookies, as a browser's does once
    // the site has set its tracking cookie.
    const cookie = 'dpevent=0190a1b2-0000-7000-8000-000000000000';
    const onAlias = await call(auth, '/sign-in/email', { body, origin: ALIAS, cookie });
    expect(onAlias.status).toBe(200);
    const elsewhere = await call(auth, '/sign-in/email', {
      body,
      origin: 'http://evil.example',
      cookie,
    });
    expect(elsewhere.status).toBe(403);
    expect((await elsewhere.json()).code).toBe('INVALID_ORIGIN');
  });

  it('signs in with the right password, answers 401 to a wrong one, and signs out', async () => {
    await signUp(auth, 'returning@example.org');
    const wrong = await call(auth, '/sign-in/email', {
      body: { email: 'returning@example.org', password: 'not the password' },
    });
    expect(wrong.status).toBe(401);

    const right = await call(auth, '/sign-in/email', {
      body: { email: 'returning@example.org', password: 'correct horse battery' },
    });
    expect(right.status).toBe(200);
    const cookie = sessionCookie(right);
    const session = await call(auth, '/get-session', { cookie });
    expect(await session.json()).toMatchObject({ user: { email: 'returning@example.org' } });

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

    const weak = await call(auth, '/reset-password', { body: { token, newPassword: 'password1' } });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: 'PASSWORD_TOO_WEAK', field: 'newPassword' });
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

  it('changes a password only to one that is hard to guess', async () => {
    const cookie = sessionCookie(await signUp(auth, 'changing@example.org'));
    const change = (newPassword: string) =>
      call(auth, '/change-password', {
        body: { currentPassword: 'correct horse battery', newPassword },
        cookie,
      });
    const weak = await change('iloveyou');
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({
      code: 'PASSWORD_TOO_WEAK',
      field: 'newPassword',
      message: expect.stringMatching(/^Choose a password that is harder to guess\. /),
    });
    expect((await change('pelican quarry saxophone')).status).toBe(200);
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
    const stored = await database.db.selectFrom('limit_counters').select('key').execute();
    // Counted under the address's keyed hash, never the address itself.
    expect(stored.some((row) => row.key.includes(clientKey('198.51.100.7')))).toBe(true);
    expect(stored.some((row) => row.key.includes('198.51.100.7'))).toBe(false);
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

/** What a 429 must carry: a wait in seconds within the rule's window, and words saying so. */
async function expectTooManyRequests(response: Response, windowSeconds: number) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const body = await response.json();
  expect(body.message).toMatch(/^Too many .+\. Try again in \d+ (second|minute)s?\.$/);
}

describe('limits on /api/auth', () => {
  it('answers 429 with Retry-After and a clear message past the sign-ins of one address', async () => {
    let last: Response | undefined;
    for (let attempt = 0; attempt <= RATE_LIMITS.signInPerAddress.max; attempt += 1) {
      last = await call(strictAuth, '/sign-in/email', {
        body: { email: `nobody${attempt}@example.org`, password: 'whatever it is' },
        from: '198.51.100.20',
      });
    }
    if (!last) throw new Error('no attempt made');
    await expectTooManyRequests(last, RATE_LIMITS.signInPerAddress.windowSeconds);
  });

  it('never locks the owner out: wrong passwords from many addresses only slow the account down', async () => {
    const email = 'target@example.org';
    const password = 'correct horse battery';
    await signUp(strictAuth, email);
    await database.db
      .updateTable('users')
      .set({ email_verified: true })
      .where('email', '=', email)
      .execute();
    // The owner's own browser signed in once before the attack, and keeps its device cookie.
    const home = await call(strictAuth, '/sign-in/email', {
      body: { email, password },
      from: '198.51.100.150',
    });
    expect(home.status).toBe(200);

    // The attack of issue 29: wrong passwords from ten addresses, as many as used to lock it.
    for (let attempt = 0; attempt < RATE_LIMITS.signInFailuresPerAccount.max; attempt += 1) {
      const wrong = await call(strictAuth, '/sign-in/email', {
        body: { email: 'Target@example.org', password: `guess number ${attempt}` },
        from: `192.0.2.${attempt + 1}`,
      });
      expect(wrong.status).toBe(401);
    }

    // The owner on a new address gets in, after the bounded wait.
    const started = performance.now();
    const elsewhere = await call(strictAuth, '/sign-in/email', {
      body: { email, password },
      from: '192.0.2.200',
    });
    const waited = performance.now() - started;
    expect(elsewhere.status).toBe(200);
    expect(waited).toBeGreaterThanOrEqual(SIGN_IN_SLOWDOWN.firstDelayMs);
    expect(waited).toBeLessThan(SIGN_IN_SLOWDOWN.maxDelayMs + 2_000);

    // From the browser that signed in before, on yet another address: no wait at all.
    const device = deviceCookie(home);
    const knownStarted = performance.now();
    const known = await call(strictAuth, '/sign-in/email', {
      body: { email, password },
      from: '192.0.2.201',
      cookie: device,
    });
    expect(known.status).toBe(200);
    expect(performance.now() - knownStarted).toBeLessThan(SIGN_IN_SLOWDOWN.firstDelayMs);

    // The wait is bounded, however long the attack goes on.
    expect(signInDelayMs(RATE_LIMITS.signInFailuresPerAccount.max)).toBe(
      SIGN_IN_SLOWDOWN.firstDelayMs,
    );
    expect(signInDelayMs(1_000)).toBe(SIGN_IN_SLOWDOWN.maxDelayMs);

    // Someone else's account is not slowed down by this one's attack.
    const other = await call(strictAuth, '/sign-in/email', {
      body: { email: 'someone-else@example.org', password: 'guess' },
      from: '192.0.2.202',
    });
    expect(other.status).toBe(401);
  });

  it('stops one address guessing one account, and only that pair', async () => {
    const email = 'pair@example.org';
    await signUp(strictAuth, email);
    await database.db
      .updateTable('users')
      .set({ email_verified: true })
      .where('email', '=', email)
      .execute();
    const attacker = '192.0.2.210';
    for (let attempt = 0; attempt < RATE_LIMITS.signInFailuresPerPair.max; attempt += 1) {
      const wrong = await call(strictAuth, '/sign-in/email', {
        body: { email, password: `guess ${attempt}` },
        from: attacker,
      });
      expect(wrong.status).toBe(401);
    }
    // Even with the right password, that pair is refused until its window ends.
    const refused = await call(strictAuth, '/sign-in/email', {
      body: { email, password: 'correct horse battery' },
      from: attacker,
    });
    expect((await refused.clone().json()).message).toMatch(/for this account from your network/);
    await expectTooManyRequests(refused, RATE_LIMITS.signInFailuresPerPair.windowSeconds);
    // The owner, from another address, is not.
    const owner = await call(strictAuth, '/sign-in/email', {
      body: { email, password: 'correct horse battery' },
      from: '192.0.2.211',
    });
    expect(owner.status).toBe(200);
    // The address is kept only as a keyed hash.
    const keys = await database.db.selectFrom('limit_counters').select('key').execute();
    const pairKeys = keys.filter((row) => row.key.startsWith(`auth:sign-in-failures:${email}:`));
    expect(pairKeys.map((row) => row.key)).toEqual([
      `auth:sign-in-failures:${email}:from:${clientKey(attacker)}`,
    ]);
  });

  it('limits sign-ups from one address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= RATE_LIMITS.signUpPerAddress.max; attempt += 1) {
      const response = await call(strictAuth, '/sign-up/email', {
        body: { email: `bulk${attempt}@example.org`, password: 'correct horse battery', name: 'B' },
        from: '198.51.100.30',
      });
      statuses.push(response.status);
      if (response.status === 429) {
        await expectTooManyRequests(response, RATE_LIMITS.signUpPerAddress.windowSeconds);
      }
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('mails one inbox a few reset links at most, however many addresses ask', async () => {
    await signUp(strictAuth, 'inbox@example.org');
    const before = (await readOutbox(outboxDir)).filter((m) => m.to === 'inbox@example.org');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await call(strictAuth, '/request-password-reset', {
        body: { email: 'inbox@example.org', redirectTo: '/reset-password' },
        from: `192.0.2.${100 + attempt}`,
      });
      statuses.push(response.status);
    }
    // The sign-up's verification mail counted as one of them.
    const allowed = RATE_LIMITS.mailsPerRecipient.max - 1;
    expect(statuses.slice(0, allowed).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(allowed).every((status) => status === 429)).toBe(true);
    const after = (await readOutbox(outboxDir)).filter((m) => m.to === 'inbox@example.org');
    expect(after.length - before.length).toBe(allowed);
  });

  it('refuses over-long member-supplied fields with a 400 naming the field', async () => {
    const cases = [
      [{ name: 'n'.repeat(101), email: 'long-name@example.org' }, 'name'],
      [{ name: 'N', email: `${'e'.repeat(250)}@example.org` }, 'email'],
      [
        { name: 'N', email: 'long-image@example.org', image: `https://x/${'i'.repeat(2048)}` },
        'image',
      ],
    ] as const;
    const messages = {
      name: 'Shorten your name to 100 characters or fewer.',
      email: 'Enter your whole email address, like name@example.org.',
      image: 'image must be at most 2048 characters',
    };
    for (const [fields, field] of cases) {
      const response = await call(auth, '/sign-up/email', {
        body: { password: 'correct horse battery', ...fields },
      });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(messages[field]);
    }
    const profile = sessionCookie(await signUp(auth, 'profile@example.org'));
    const rename = await call(auth, '/update-user', {
      body: { name: 'n'.repeat(101) },
      cookie: profile,
    });
    expect(rename.status).toBe(400);
    const stored = await database.db
      .selectFrom('users')
      .where('email', 'in', ['long-name@example.org', 'long-image@example.org'])
      .select('id')
      .execute();
    expect(stored).toEqual([]);
  });

  it('reads no more than a small body: a 20-million-character name is refused, not stored', async () => {
    const response = await call(auth, '/sign-up/email', {
      body: { email: 'huge@example.org', password: 'correct horse battery', name: 'x'.repeat(2e7) },
    });
    expect(response.status).toBe(413);
    const user = await database.db
      .selectFrom('users')
      .where('email', '=', 'huge@example.org')
      .select('id')
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('refuses a declared body over 16 KB without pulling it, and a chunked one at the limit', async () => {
    const hostile = (body: ReadableStream<Uint8Array>, contentLength?: number) =>
      auth.handler(
        new Request(`${SITE}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: SITE,
            'x-forwarded-for': '198.51.100.77',
            ...(contentLength === undefined ? {} : { 'content-length': String(contentLength) }),
          },
          body,
          duplex: 'half',
        } as RequestInit),
      );
    const declared = countingBody(HOSTILE_BYTES);
    const refused = await hostile(declared.stream, HOSTILE_BYTES);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ code: 'payload_too_large' });
    expect(declared.pulled()).toBe(0);

    const chunked = countingBody(HOSTILE_BYTES);
    expect((await hostile(chunked.stream)).status).toBe(413);
    expect(chunked.pulled()).toBeLessThanOrEqual(AUTH_BODY_MAX_BYTES + COUNTING_CHUNK_BYTES);
  });

  it('answers sign-up the same way for a new and a taken address when verification is required', async () => {
    await signUp(strictAuth, 'taken@example.org');
    const taken = await signUp(strictAuth, 'taken@example.org');
    const fresh = await signUp(strictAuth, 'fresh@example.org');
    expect(taken.status).toBe(fresh.status);
    const [takenBody, freshBody] = [await taken.json(), await fresh.json()];
    expect(Object.keys(takenBody).sort()).toEqual(Object.keys(freshBody).sort());
    expect(Object.keys(takenBody.user).sort()).toEqual(Object.keys(freshBody.user).sort());
    expect(takenBody.token).toBeNull();
    expect(freshBody.token).toBeNull();
    expect(taken.headers.getSetCookie()).toEqual(fresh.headers.getSetCookie());
    const warned = (await readOutbox(outboxDir)).filter((m) => m.to === 'taken@example.org');
    expect(warned.map((m) => m.subject)).toContain(
      'Someone tried to create a Coursepack account with your address',
    );
  });
});

/**
 * The product's request path in small: a Node server that normalizes forwarding headers as
 * server/start-web-server.ts does, in front of the auth handler.
 */
async function serveAuth(
  target: Auth,
  trust: TrustProxy,
): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    normalizeForwardedHeaders(req, trust);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const response = await target.handler(
      new Request(`${SITE}${req.url}`, {
        method: req.method,
        headers,
        body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
      }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server };
}

async function signInThrough(url: string, forwardedFor: string, attempt: number) {
  return fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE, 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: `spoof${attempt}@example.org`, password: 'not it at all' }),
  });
}

describe('client addresses behind the web server', () => {
  it('gives a client that invents a new X-Forwarded-For each time no new bucket (TRUST_PROXY off)', async () => {
    await database.db
      .deleteFrom('limit_counters')
      .where('key', 'like', `%${clientKey('127.0.0.1')}%`)
      .execute();
    const { url, server } = await serveAuth(strictAuth, false);
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= RATE_LIMITS.signInPerAddress.max; attempt += 1) {
        statuses.push((await signInThrough(url, `203.0.113.${attempt + 1}`, attempt)).status);
      }
      expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      server.close();
    }
  });

  it('behind a trusted proxy, counts the hop the proxy saw, not what the client wrote', async () => {
    const { url, server } = await serveAuth(strictAuth, ['127.0.0.1']);
    try {
      // The client writes a new address each time; the proxy appends the real one it saw.
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= RATE_LIMITS.signInPerAddress.max; attempt += 1) {
        const forwarded = `10.9.9.${attempt}, 198.51.100.77`;
        statuses.push((await signInThrough(url, forwarded, attempt)).status);
      }
      expect(statuses.at(-1)).toBe(429);
      // Another real client behind the same proxy has its own bucket.
      expect((await signInThrough(url, '198.51.100.78', 99)).status).toBe(401);
      const keys = await database.db.selectFrom('limit_counters').select('key').execute();
      expect(keys.some((row) => row.key.includes(clientKey('198.51.100.77')))).toBe(true);
      expect(keys.some((row) => row.key.includes(clientKey('10.9.9.0')))).toBe(false);
    } finally {
      server.close();
    }
  });
});

describe('the sign-in and sign-up forms posted without JavaScript', () => {
  const post = (form: string, fields: Record<string, string>, origin = SITE) =>
    submitAuthForm(
      auth.handler,
      new Request(`${SITE}/api/auth/form/${form}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin,
          'x-forwarded-for': '192.0.2.250',
        },
        body: new URLSearchParams(fields),
      }),
      form,
      SITE,
    );

  it('signs up and in, then goes on to the next page with the session cookie', async () => {
    const fields = {
      name: ' No Script ',
      email: 'noscript@example.org',
      password: 'a long password',
    };
    const signedUp = await post('sign-up', { ...fields, next: '/library' });
    expect(signedUp.status).toBe(303);
    expect(signedUp.headers.get('location')).toBe('/library?flash=welcome');
    expect(sessionCookie(signedUp)).toContain(SESSION_COOKIE_NAME);
    const user = await database.db
      .selectFrom('users')
      .where('email', '=', 'noscript@example.org')
      .select('name')
      .executeTakeFirstOrThrow();
    expect(user.name).toBe('No Script');

    const signedIn = await post('sign-in', { ...fields, next: 'https://evil.example/' });
    expect(signedIn.headers.get('location')).toBe('/');
    expect(sessionCookie(signedIn)).toContain(SESSION_COOKIE_NAME);
  });

  it('comes back to the form with the failure, never the password, in the URL', async () => {
    const response = await post('sign-in', {
      email: 'noscript@example.org',
      password: 'the wrong password',
      next: '/library',
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '', SITE);
    expect(location.pathname).toBe('/sign-in');
    expect(location.search).not.toContain('wrong');
    expect(readAuthFormFailure(Object.fromEntries(location.searchParams))).toMatchObject({
      status: 401,
    });
    expect(location.searchParams.get('next')).toBe('/library');
  });

  it('refuses a post from another site and an unknown form', async () => {
    await expect(
      post(
        'sign-in',
        { email: 'noscript@example.org', password: 'a long password' },
        'https://evil.example',
      ),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(post('delete-user', {})).rejects.toMatchObject({ code: 'not_found' });
  });
});
