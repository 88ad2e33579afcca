import type { Database } from '@coursepack/db/schema';
import type { BetterAuthOptions, BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, getIP, isAPIError } from 'better-auth/api';
import { parseCookies } from 'better-auth/cookies';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AppError } from '@/errors/app-error';
import { readLimitedBody } from '@/http/read-limited-body';
import { consumeLimit, type LimitRule, peekLimit } from '@/limits/consume-limit';
import { hashClientAddress } from '@/limits/hash-client-address';
import { describeWait, RATE_LIMITS, SIGN_IN_SLOWDOWN } from '@/limits/rate-limits';
import {
  AUTH_BODY_LIMIT,
  EMAIL_MAX_LENGTH,
  IMAGE_URL_MAX_LENGTH,
  NAME_MAX_LENGTH,
} from './account-field-limits';
import type { FieldProblem } from './account-rules';
import { checkAuthFields, rateNewPasswords, setsPassword } from './check-auth-body';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  isKnownDevice,
  rememberDevice,
} from './device-cookie';

const SIGN_IN_PATH = '/sign-in/email';
/** Requests that mail someone: the recipient's inbox is limited, whoever asks. */
const MAILING_PATHS = ['/sign-up/email', '/request-password-reset', '/send-verification-email'];
/** Stricter limits per client address than RATE_LIMITS.authRequestsPerAddress, by path. */
const PER_ADDRESS_RULES: Record<string, LimitRule> = {
  [SIGN_IN_PATH]: RATE_LIMITS.signInPerAddress,
  '/sign-up/email': RATE_LIMITS.signUpPerAddress,
  '/request-password-reset': RATE_LIMITS.mailsPerAddress,
  '/send-verification-email': RATE_LIMITS.mailsPerAddress,
};

const textUpTo = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .max(max, { message: `${field} must be at most ${max} characters` });

/** Every member-supplied field of better-auth's endpoints that is stored or mailed. */
const accountFields = z.looseObject({
  name: textUpTo('name', NAME_MAX_LENGTH).optional(),
  email: textUpTo('email', EMAIL_MAX_LENGTH).optional(),
  newEmail: textUpTo('newEmail', EMAIL_MAX_LENGTH).optional(),
  image: textUpTo('image', IMAGE_URL_MAX_LENGTH).nullish(),
  callbackURL: textUpTo('callbackURL', IMAGE_URL_MAX_LENGTH).optional(),
  redirectTo: textUpTo('redirectTo', IMAGE_URL_MAX_LENGTH).optional(),
});

function errorResponse(status: number, code: string, message: string, headers = {}) {
  return Response.json({ code, message }, { status, headers });
}

/**
 * A form's fields refused: the first problem as better-auth's `{ code, message }` (what its
 * client shows), the field it belongs to, and every problem, so a form marks each field.
 */
function fieldsRefused([first, ...rest]: [FieldProblem, ...FieldProblem[]]): Response {
  return Response.json(
    { code: first.code, message: first.message, field: first.field, problems: [first, ...rest] },
    { status: 400 },
  );
}

/** Every 429 of /api/auth: the same shape, a message saying how long, and `Retry-After`. */
function tooManyRequests(message: string, retryAfterSeconds: number): Response {
  return errorResponse(
    429,
    'TOO_MANY_REQUESTS',
    `${message} Try again in ${describeWait(retryAfterSeconds)}.`,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/**
 * The body, read no further than the limit: its text, or a 413 in better-auth's error shape once
 * it grows past it. better-auth would otherwise read and parse whatever size it is sent.
 */
export async function readBoundedBody(request: Request): Promise<string | Response> {
  try {
    return new TextDecoder().decode(await readLimitedBody(request, AUTH_BODY_LIMIT));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return errorResponse(error.status, error.code, error.message);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // better-auth answers malformed bodies itself.
    return undefined;
  }
}

const recipientKey = (email: string) => `auth:mails:recipient:${email.trim().toLowerCase()}`;
const failuresKey = (email: string) => `auth:sign-in-failures:${email.trim().toLowerCase()}`;
const pairFailuresKey = (email: string, client: string) => `${failuresKey(email)}:from:${client}`;

/** How long a sign-in waits once its account has had `failures` wrong passwords of late. */
export function signInDelayMs(failures: number): number {
  const excess = failures - RATE_LIMITS.signInFailuresPerAccount.max;
  if (excess < 0) return 0;
  return Math.min(SIGN_IN_SLOWDOWN.maxDelayMs, SIGN_IN_SLOWDOWN.firstDelayMs * 2 ** excess);
}

const isNonEmpty = <T>(items: T[]): items is [T, ...T[]] => items.length > 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface AuthLimitOptions {
  /** `AUTH_RATE_LIMIT`: off only for load tests. */
  rateLimited: boolean;
  /** The installation's AUTH_SECRET: signs device cookies, keys hashed addresses. */
  secret: string;
}

/**
 * Coursepack's limits on /api/auth, as a better-auth plugin so every request through the
 * handler passes them: requests per client address (the address the web server resolved per
 * TRUST_PROXY, read the way better-auth reads it), bodies and member-supplied fields of bounded
 * size (400 naming the field), mails per recipient, and failed sign-ins as OWASP's
 * authentication cheat sheet advises: refused per (account, address) pair, while the account as
 * a whole is only slowed down, and not at all for a browser that signed in to it before (its
 * device cookie). better-auth's own limiter is off: its 429s carry no `Retry-After`.
 */
export function limitAuthRequests(
  db: Kysely<Database>,
  { rateLimited, secret }: AuthLimitOptions,
): BetterAuthPlugin {
  /** The client's address as every key holds it: an HMAC under the secret, never the address. */
  const clientOf = (from: Request | Headers | undefined, options: BetterAuthOptions) =>
    hashClientAddress(secret, (from && getIP(from, options)) ?? 'unknown');
  /**
   * Counts one request from this client; a 429 past its limit. Paths without a rule of their
   * own share one count per client, so made-up paths do not each get a fresh one.
   */
  const refuseBusyAddress = async (client: string, path: string) => {
    const ruled = PER_ADDRESS_RULES[path];
    const key = ruled ? `auth:address:${client}:${path}` : `auth:address:${client}`;
    const rule = ruled ?? RATE_LIMITS.authRequestsPerAddress;
    const { allowed, retryAfterSeconds } = await consumeLimit(db, key, rule);
    if (allowed) return undefined;
    return tooManyRequests('Too many attempts from your network.', retryAfterSeconds);
  };
  /** A 429 when this account has failed too often from this client; counts nothing. */
  const refuseFailedPair = async (email: string, client: string) => {
    const rule = RATE_LIMITS.signInFailuresPerPair;
    const key = pairFailuresKey(email, client);
    const { allowed, retryAfterSeconds } = await peekLimit(db, key, rule);
    if (allowed) return undefined;
    return tooManyRequests(
      'Too many failed sign-ins for this account from your network.',
      retryAfterSeconds,
    );
  };
  /**
   * Waits before a sign-in to an account that many wrong passwords have targeted lately, unless
   * this browser has signed in to it before: the owner gets in, later at worst; a guesser
   * rotating addresses gets a few guesses a minute.
   */
  const slowDownTargetedAccount = async (request: Request, email: string, deviceCookie: string) => {
    const cookie = parseCookies(request.headers.get('cookie') ?? '').get(deviceCookie);
    if (isKnownDevice(cookie, secret, email)) return;
    const rule = RATE_LIMITS.signInFailuresPerAccount;
    const { hits } = await peekLimit(db, failuresKey(email), rule);
    const delay = signInDelayMs(hits);
    if (delay > 0) await sleep(delay);
  };
  /** Counts a mail to this address; a 429 past the limit. */
  const refuseFloodedInbox = async (email: string) => {
    const rule = RATE_LIMITS.mailsPerRecipient;
    const { allowed, retryAfterSeconds } = await consumeLimit(db, recipientKey(email), rule);
    if (allowed) return undefined;
    return tooManyRequests(
      'We have sent several messages to this address already.',
      retryAfterSeconds,
    );
  };

  return {
    id: 'coursepack-limits',
    async onRequest(request, ctx) {
      const path = new URL(request.url).pathname.slice(new URL(ctx.baseURL).pathname.length);
      const client = clientOf(request, ctx.options);
      if (request.method !== 'POST') {
        const refusal = rateLimited ? await refuseBusyAddress(client, path) : undefined;
        return refusal ? { response: refusal } : undefined;
      }
      const text = await readBoundedBody(request);
      if (text instanceof Response) return { response: text };
      const parsed = parseJson(text);
      const body: Record<string, unknown> =
        typeof parsed === 'object' && parsed !== null ? { ...parsed } : {};
      // A form's fields first, in the words its page shows beside them.
      const problems = checkAuthFields(path, body);
      if (isNonEmpty(problems)) return { response: fieldsRefused(problems) };
      const fields = accountFields.safeParse(body);
      if (!fields.success) {
        const message = fields.error.issues[0]?.message ?? 'The request is malformed.';
        return { response: errorResponse(400, 'FIELD_INVALID', message) };
      }
      if (setsPassword(path)) {
        if (rateLimited) {
          const key = `auth:password-ratings:${client}`;
          const rating = await consumeLimit(db, key, RATE_LIMITS.passwordRatingsPerAddress);
          if (!rating.allowed) {
            return {
              response: tooManyRequests(
                'Too many passwords tried from your network.',
                rating.retryAfterSeconds,
              ),
            };
          }
        }
        const weak = rateNewPasswords(path, body);
        if (isNonEmpty(weak)) return { response: fieldsRefused(weak) };
      }
      const { email } = fields.data;
      if (rateLimited) {
        // Before the address is counted: a pair that may not guess any more is told so, in its
        // own words, rather than that its network is busy.
        const refusal =
          (path === SIGN_IN_PATH && email !== undefined
            ? await refuseFailedPair(email, client)
            : undefined) ??
          (await refuseBusyAddress(client, path)) ??
          (MAILING_PATHS.includes(path) && email !== undefined
            ? await refuseFloodedInbox(email)
            : undefined);
        if (refusal) return { response: refusal };
        if (path === SIGN_IN_PATH && email !== undefined) {
          await slowDownTargetedAccount(request, email, ctx.createAuthCookie(DEVICE_COOKIE).name);
        }
      }
      // better-auth reads the body again, from the text already read.
      return {
        request: new Request(request.url, {
          method: request.method,
          headers: request.headers,
          body: text,
        }),
      };
    },
    hooks: {
      after: [
        {
          matcher: (context) => context.path === SIGN_IN_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned;
            const email: unknown = ctx.body?.email;
            if (typeof email !== 'string' || email.length > EMAIL_MAX_LENGTH) return;
            if (!isAPIError(returned)) {
              // Signed in: this browser is now known to the account, for as long as it keeps
              // the cookie. Only sign-in reads it, so no other request carries it.
              const cookie = ctx.context.createAuthCookie(DEVICE_COOKIE, {
                maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
                path: new URL(ctx.context.baseURL).pathname,
              });
              const remembered = rememberDevice(ctx.getCookie(cookie.name), secret, email);
              ctx.setCookie(cookie.name, remembered, cookie.attributes);
              return;
            }
            // Counts wrong passwords (and unknown addresses, which must look the same).
            if (!rateLimited || returned.statusCode !== 401) return;
            const pairKey = pairFailuresKey(
              email,
              clientOf(ctx.request ?? ctx.headers, ctx.context.options),
            );
            await consumeLimit(db, failuresKey(email), RATE_LIMITS.signInFailuresPerAccount);
            await consumeLimit(db, pairKey, RATE_LIMITS.signInFailuresPerPair);
          }),
        },
      ],
    },
  };
}
