import type { Database } from '@coursepack/db/schema';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, getIP, isAPIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AppError } from '@/errors/app-error';
import { readLimitedBody } from '@/http/read-limited-body';
import { consumeLimit, type LimitRule, peekLimit } from '@/limits/consume-limit';
import { describeWait, RATE_LIMITS } from '@/limits/rate-limits';
import {
  AUTH_BODY_LIMIT,
  EMAIL_MAX_LENGTH,
  IMAGE_URL_MAX_LENGTH,
  NAME_MAX_LENGTH,
} from './account-field-limits';

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

/**
 * Coursepack's limits on /api/auth, as a better-auth plugin so every request through the
 * handler passes them: requests per client address (the address the web server resolved per
 * TRUST_PROXY, read the way better-auth reads it), bodies and member-supplied fields of bounded
 * size (400 naming the field), failed sign-ins per account from any address, and mails per
 * recipient. better-auth's own limiter is off: its 429s carry no `Retry-After`.
 */
export function limitAuthRequests(db: Kysely<Database>, rateLimited: boolean): BetterAuthPlugin {
  /**
   * Counts one request from this address; a 429 past its limit. Paths without a rule of their
   * own share one count per address, so made-up paths do not each get a fresh one.
   */
  const refuseBusyAddress = async (address: string, path: string) => {
    const ruled = PER_ADDRESS_RULES[path];
    const key = ruled ? `auth:address:${address}:${path}` : `auth:address:${address}`;
    const rule = ruled ?? RATE_LIMITS.authRequestsPerAddress;
    const { allowed, retryAfterSeconds } = await consumeLimit(db, key, rule);
    if (allowed) return undefined;
    return tooManyRequests('Too many attempts from your network.', retryAfterSeconds);
  };
  /** A 429 when this account has failed too often, from wherever; counts nothing. */
  const refuseFailedAccount = async (email: string) => {
    const rule = RATE_LIMITS.signInFailuresPerAccount;
    const { allowed, retryAfterSeconds } = await peekLimit(db, failuresKey(email), rule);
    if (allowed) return undefined;
    return tooManyRequests('Too many failed sign-ins for this account.', retryAfterSeconds);
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
  const refuseByAccount = async (path: string, email: string | undefined) => {
    if (email === undefined) return undefined;
    if (path === SIGN_IN_PATH) return refuseFailedAccount(email);
    if (MAILING_PATHS.includes(path)) return refuseFloodedInbox(email);
    return undefined;
  };

  return {
    id: 'coursepack-limits',
    async onRequest(request, ctx) {
      const path = new URL(request.url).pathname.slice(new URL(ctx.baseURL).pathname.length);
      if (rateLimited) {
        const address = getIP(request, ctx.options) ?? 'unknown';
        const refusal = await refuseBusyAddress(address, path);
        if (refusal) return { response: refusal };
      }
      if (request.method !== 'POST') return;
      const text = await readBoundedBody(request);
      if (text instanceof Response) return { response: text };
      // better-auth reads the body again, from the text already read.
      const forwarded = new Request(request.url, {
        method: request.method,
        headers: request.headers,
        body: text,
      });
      const body = parseJson(text);
      if (typeof body !== 'object' || body === null) return { request: forwarded };
      const fields = accountFields.safeParse(body);
      if (!fields.success) {
        const message = fields.error.issues[0]?.message ?? 'The request is malformed.';
        return { response: errorResponse(400, 'FIELD_INVALID', message) };
      }
      const refusal = rateLimited ? await refuseByAccount(path, fields.data.email) : undefined;
      return refusal ? { response: refusal } : { request: forwarded };
    },
    hooks: {
      after: [
        {
          // Counts wrong passwords (and unknown addresses, which must look the same).
          matcher: (context) => rateLimited && context.path === SIGN_IN_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned;
            const email: unknown = ctx.body?.email;
            if (!isAPIError(returned) || returned.statusCode !== 401) return;
            if (typeof email !== 'string' || email.length > EMAIL_MAX_LENGTH) return;
            await consumeLimit(db, failuresKey(email), RATE_LIMITS.signInFailuresPerAccount);
          }),
        },
      ],
    },
  };
}
