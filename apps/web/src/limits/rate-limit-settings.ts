import type { Rule } from '@coursepack/config/parse-env';
import { type Env, parseEnv } from '@coursepack/config/parse-env';
import { integer } from '@coursepack/config/rules';
import type { LimitRule } from './consume-limit';

interface RateLimitSetting extends LimitRule {
  /** The operator's variable for `max`; its name says the window, which is fixed. */
  variable: string;
}

/**
 * Every rate limit of the web app, in one place, each with the variable an operator sets its
 * maximum with (docs/limits.md). Per client address where the attacker is anonymous (the
 * address comes from the product's TRUST_PROXY setting, never from a header a client chose),
 * per account or recipient where addresses are cheap to rotate, per member where one account
 * could fill the disk or the catalogue.
 */
const RATE_LIMIT_SETTINGS = {
  /** Everything else under /api/auth, together (sign-out, profile, password changes…). */
  authRequestsPerAddress: {
    variable: 'LIMIT_AUTH_REQUESTS_PER_MINUTE',
    max: 100,
    windowSeconds: 60,
  },
  /** Password guesses from one address. */
  signInPerAddress: { variable: 'LIMIT_SIGN_IN_PER_MINUTE', max: 5, windowSeconds: 60 },
  /** Wrong passwords for one account from one address: that pair stops, nobody else does. */
  signInFailuresPerPair: {
    variable: 'LIMIT_SIGN_IN_FAILURES_PER_15_MINUTES',
    max: 5,
    windowSeconds: 15 * 60,
  },
  /**
   * Wrong passwords for one account from anywhere, past which its sign-ins are slowed down
   * (SIGN_IN_SLOWDOWN), never refused: a lock here would let anyone lock anyone out.
   */
  signInFailuresPerAccount: {
    variable: 'LIMIT_ACCOUNT_SIGN_IN_FAILURES_PER_15_MINUTES',
    max: 10,
    windowSeconds: 15 * 60,
  },
  /** A classroom behind one router can still sign up; a script cannot fill the users table. */
  signUpPerAddress: { variable: 'LIMIT_SIGN_UPS_PER_HOUR', max: 10, windowSeconds: 60 * 60 },
  /**
   * New passwords rated for strength (sign-up, reset, change): the check costs milliseconds of
   * CPU, so it is bounded on its own, ahead of the sign-up and mail limits, which a refused
   * password does not use up. Nobody typing their own passwords comes near it.
   */
  passwordRatingsPerAddress: {
    variable: 'LIMIT_PASSWORD_CHECKS_PER_MINUTE',
    max: 30,
    windowSeconds: 60,
  },
  /** Reset and verification mails asked for from one address. */
  mailsPerAddress: { variable: 'LIMIT_MAILS_PER_5_MINUTES', max: 3, windowSeconds: 5 * 60 },
  /** Reset and verification mails to one inbox, whoever asks: nobody's inbox gets flooded. */
  mailsPerRecipient: {
    variable: 'LIMIT_MAILS_PER_RECIPIENT_PER_HOUR',
    max: 3,
    windowSeconds: 60 * 60,
  },
  /** A member's uploads into courses of others: where spam would land. */
  uploadsPerMember: { variable: 'LIMIT_UPLOADS_PER_HOUR', max: 60, windowSeconds: 60 * 60 },
  /**
   * Uploads into a course the member may edit (its owner, or an admin anywhere): a teacher
   * putting up a semester of PDFs at once is the product's main use, not spam.
   */
  ownerUploadsPerMember: {
    variable: 'LIMIT_OWNER_UPLOADS_PER_HOUR',
    max: 1000,
    windowSeconds: 60 * 60,
  },
  coursesPerMember: { variable: 'LIMIT_COURSES_PER_HOUR', max: 20, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitSetting>;

export type RateLimitName = keyof typeof RATE_LIMIT_SETTINGS;
export type RateLimits = Record<RateLimitName, LimitRule>;

const NAMES = Object.keys(RATE_LIMIT_SETTINGS) as RateLimitName[];

/** The most any limit may be set to: past it a limit means nothing, and is better said so. */
const MAX_LIMIT = 1_000_000;

/** One rule per limit's variable, for parseEnv (the web app's configuration spreads them in). */
export function rateLimitVariables(): Record<string, Rule<number>> {
  return Object.fromEntries(
    NAMES.map((name) => {
      const { variable, max } = RATE_LIMIT_SETTINGS[name];
      return [variable, integer(max, 1, MAX_LIMIT)];
    }),
  );
}

/** The limits, from the values parseEnv read with rateLimitVariables() (among others). */
export function rateLimitsFrom(values: Readonly<Record<string, unknown>>): RateLimits {
  return Object.fromEntries(
    NAMES.map((name) => {
      const { variable, max, windowSeconds } = RATE_LIMIT_SETTINGS[name];
      const value = values[variable];
      return [name, { max: typeof value === 'number' ? value : max, windowSeconds }];
    }),
  ) as RateLimits;
}

/** The limits an environment sets; throws one line per bad variable, each naming it. */
export function parseRateLimits(env: Env): RateLimits {
  return rateLimitsFrom(parseEnv(env, rateLimitVariables()));
}
