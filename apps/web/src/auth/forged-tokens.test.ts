import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import { createMailer } from '@coursepack/worker/mail/create-mailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfiguration } from '../../../../scripts/start/read-configuration';
import { type Auth, createAuth, SESSION_COOKIE_NAME } from './create-auth';

// Issue 29: the quickstart signed everything with this AUTH_SECRET, published in the source.
const PUBLISHED_AUTH_SECRET = 'coursepack-development-secret-do-not-use-in-production';
const MEMBER = 'member@example.com';

let database: TestDatabase;
let dataDir: string;
let auth: Auth;
let authSecret: string;
let memberId: string;

/** An HS256 JWT, made the way anyone holding `secret` can make one, without any library. */
function hs256(payload: Record<string, unknown>, secret: string): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** A session cookie's value as better-auth signs it: the token and its HMAC-SHA256. */
function signedCookie(token: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${SESSION_COOKIE_NAME}=${encodeURIComponent(`${token}.${signature}`)}`;
}

let address = 0;
function get(route: string, cookie?: string) {
  address += 1;
  return auth.handler(
    new Request(`http://localhost:3000/api/auth${route}`, {
      headers: {
        'x-forwarded-for': `198.51.100.${address}`,
        ...(cookie ? { cookie } : {}),
      },
    }),
  );
}

const sessionCookies = (response: Response) =>
  response.headers.getSetCookie().filter((cookie) => cookie.startsWith(SESSION_COOKIE_NAME));

async function member() {
  return database.db
    .selectFrom('users')
    .where('id', '=', memberId)
    .select(['email', 'email_verified'])
    .executeTakeFirstOrThrow();
}

async function sessionCount(): Promise<number> {
  const { count } = await database.db
    .selectFrom('sessions')
    .where('user_id', '=', memberId)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'coursepack-forged-tokens-'));
  // The web app as a default `npm start` configures it: nothing set, secrets generated.
  const configuration = readConfiguration({ DATA_DIR: dataDir });
  authSecret = configuration.secrets.AUTH_SECRET;
  auth = createAuth({
    db: database.db,
    config: configuration.web,
    mailer: createMailer({
      smtpUrl: null,
      from: 'Coursepack <no-reply@test>',
      outboxDir: path.join(dataDir, 'outbox'),
    }),
    deleteMemberContent: async () => {},
  });
  const signUp = await auth.handler(
    new Request('http://localhost:3000/api/auth/sign-up/email', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        'x-forwarded-for': '203.0.113.7',
      },
      body: JSON.stringify({ email: MEMBER, password: 'correct horse battery', name: 'Member' }),
    }),
  );
  expect(signUp.status).toBe(200);
  memberId = (await signUp.json()).user.id;
  await database.db.deleteFrom('sessions').where('user_id', '=', memberId).execute();
});

afterAll(async () => {
  await database?.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

describe('tokens forged with the published development secret', () => {
  it('is not what a default start signs with', () => {
    expect(authSecret).not.toBe(PUBLISHED_AUTH_SECRET);
    expect(authSecret.length).toBeGreaterThanOrEqual(43);
  });

  it('verify no one and sign no one in: the exact attack of issue 29', async () => {
    const forged = hs256({ email: MEMBER }, PUBLISHED_AUTH_SECRET);
    const response = await get(`/verify-email?token=${forged}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(sessionCookies(response)).toEqual([]);
    expect(await member()).toEqual({ email: MEMBER, email_verified: false });
    expect(await sessionCount()).toBe(0);
  });

  it('change no one’s address', async () => {
    const forged = hs256(
      {
        email: MEMBER,
        updateTo: 'attacker@example.net',
        userId: memberId,
        requestType: 'change-email-verification',
      },
      PUBLISHED_AUTH_SECRET,
    );
    const response = await get(`/verify-email?token=${forged}`);
    expect(response.status).toBe(401);
    expect(sessionCookies(response)).toEqual([]);
    expect(await member()).toEqual({ email: MEMBER, email_verified: false });
  });

  it('while a token signed with the installation’s own secret still verifies (the check can fail)', async () => {
    const genuine = hs256(
      { email: MEMBER, userId: memberId, exp: Math.floor(Date.now() / 1000) + 60 },
      authSecret,
    );
    const response = await get(`/verify-email?token=${genuine}`);
    expect(response.status).toBe(200);
    expect(sessionCookies(response)).toHaveLength(1);
    expect(await member()).toEqual({ email: MEMBER, email_verified: true });
  });

  it('and a session cookie signed with it is no one’s, even over a real session token', async () => {
    const { token } = await database.db
      .selectFrom('sessions')
      .where('user_id', '=', memberId)
      .select('token')
      .executeTakeFirstOrThrow();
    const forged = await get('/get-session', signedCookie(token, PUBLISHED_AUTH_SECRET));
    expect(await forged.json()).toBeNull();
    const genuine = await get('/get-session', signedCookie(token, authSecret));
    expect(await genuine.json()).toMatchObject({ user: { id: memberId } });
  });
});
