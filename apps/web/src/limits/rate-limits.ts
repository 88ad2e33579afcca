import type { LimitRule } from './consume-limit';

/**
 * Every rate limit of the web app, in one place. Per client address where the attacker is
 * anonymous (the address comes from the product's TRUST_PROXY setting, never from a header a
 * client chose), per account or recipient where addresses are cheap to rotate, per member where
 * one account could fill the disk or the catalogue.
 */
export const RATE_LIMITS = {
  /** Everything else under /api/auth, together (sign-out, profile, password changes…). */
  authRequestsPerAddress: { max: 100, windowSeconds: 60 },
  /** Password guesses from one address. */
  signInPerAddress: { max: 5, windowSeconds: 60 },
  /** Wrong passwords for one account from one address: that pair stops, nobody else does. */
  signInFailuresPerPair: { max: 5, windowSeconds: 15 * 60 },
  /**
   * Wrong passwords for one account from anywhere, past which its sign-ins are slowed down
   * (SIGN_IN_SLOWDOWN), never refused: a lock here would let anyone lock anyone out.
   */
  signInFailuresPerAccount: { max: 10, windowSeconds: 15 * 60 },
  /** A classroom behind one router can still sign up; a script cannot fill the users table. */
  signUpPerAddress: { max: 10, windowSeconds: 60 * 60 },
  /** Reset and verification mails asked for from one address. */
  mailsPerAddress: { max: 3, windowSeconds: 5 * 60 },
  /** Reset and verification mails to one inbox, whoever asks: nobody's inbox gets flooded. */
  mailsPerRecipient: { max: 3, windowSeconds: 60 * 60 },
  uploadsPerMember: { max: 60, windowSeconds: 60 * 60 },
  coursesPerMember: { max: 20, windowSeconds: 60 * 60 },
} as const satisfies Record<string, LimitRule>;

/**
 * How long a sign-in to an account past `signInFailuresPerAccount` waits before its password is
 * checked, unless the browser has signed in to that account before: the first wait, doubled by
 * each further failure, up to the bound. Rotating addresses then buys a few guesses a minute,
 * and the owner on a new address still signs in, a few seconds later.
 */
export const SIGN_IN_SLOWDOWN = { firstDelayMs: 2_000, maxDelayMs: 8_000 } as const;

/** "Wait 3 minutes": how long, in words, for the message of a 429. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
