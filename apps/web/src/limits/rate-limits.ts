import { parseRateLimits, type RateLimits } from './rate-limit-settings';

/**
 * The limits of this process, for code that is not handed the configuration (sign-in, new
 * courses). The web server's start-up parses the same variables first (web-config.ts), so a bad
 * value stops it there, with the others' messages, before anything imports this.
 */
export const RATE_LIMITS: RateLimits = parseRateLimits(process.env);

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
