import { parseTrustProxy, TRUST_PROXY_RULE } from '@coursepack/trust-proxy/trust-proxy';
import { z } from 'zod';
import type { Rule } from './parse-env';

/** "a", "b" or "c": how a message lists the accepted values. */
function listOf(values: readonly string[]): string {
  const quoted = values.map((value) => `"${value}"`);
  return quoted.length === 1
    ? (quoted[0] ?? '')
    : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

function wholeNumber(what: string, fallback: number, min: number, max: number): Rule<number> {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const parsed = Number(value);
      // Digits only: Number() would also take "1e3", "0x10" and "1.0".
      if (/^\d+$/.test(value) && parsed >= min && parsed <= max) return parsed;
      ctx.addIssue({ code: 'custom', message: `must be ${what} between ${min} and ${max}` });
      return z.NEVER;
    });
}

/** A whole number within bounds; `fallback` when unset. */
export function integer(fallback: number, min: number, max: number): Rule<number> {
  return wholeNumber('an integer', fallback, min, max);
}

/** A TCP port to listen on or reach. */
export function port(fallback: number): Rule<number> {
  return integer(fallback, 1, 65_535);
}

/** A size in bytes within bounds; `fallback` when unset. */
export function byteSize(fallback: number, min: number, max: number): Rule<number> {
  return wholeNumber('a number of bytes', fallback, min, max);
}

/** One of a few words; `fallback` when unset. */
export function oneOf<const Values extends readonly [string, ...string[]]>(
  values: Values,
  fallback: Values[number],
): Rule<Values[number]> {
  return z.enum(values, { error: `must be ${listOf(values)}` }).default(fallback);
}

/** A switch spelled `yes`/`no` (by default `true`/`false`); `fallback` when unset. */
export function flag(
  fallback: boolean,
  [yes, no]: [string, string] = ['true', 'false'],
): Rule<boolean> {
  return oneOf([yes, no], fallback ? yes : no).transform((value) => value === yes);
}

/** An http(s) URL, without trailing slashes so paths can be appended to it. */
export const httpUrl: Rule<string> = z
  .string()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    error: 'must be an http(s) URL',
  })
  .transform((value) => value.replace(/\/+$/, ''));

/** Whether `value` is exactly an origin: `scheme://host[:port]`, http(s), nothing more. */
export function isExactOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
}

/**
 * Comma-separated exact origins (browsers compare origins byte for byte); `fallback` when
 * unset. `required`: an empty list is refused.
 */
export function originList(fallback: string, { required }: { required: boolean }): Rule<string[]> {
  return z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const origins = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = origins.filter((origin) => !isExactOrigin(origin));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be comma-separated origins like https://coursepack.dev (scheme, host, optional port; no "*", path or trailing slash); bad: ${bad.join(', ')}`,
        });
      } else if (required && origins.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'must list at least one origin' });
      }
      return origins;
    });
}

/** A pino log level, for the Fastify services. */
export const logLevel = oneOf(
  ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
  'info',
);

/** TRUST_PROXY's grammar (packages/trust-proxy); `false` when unset. */
export const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const trust = parseTrustProxy(value);
    if (trust !== null) return trust;
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_RULE });
    return z.NEVER;
  });
