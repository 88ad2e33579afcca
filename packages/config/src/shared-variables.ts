import path from 'node:path';
import { z } from 'zod';
import { sensitive } from './parse-env';
import { byteSize, httpUrl, port, trustProxy } from './rules';

/**
 * The variables more than one service reads, each with its one rule, so a value one service
 * accepts is never refused by another (README's configuration table says who reads which).
 */
export const SHARED_VARIABLES = {
  DATABASE_URL: sensitive(
    z
      .string({ error: 'is required: a postgres:// or postgresql:// URL' })
      .refine((value) => URL.canParse(value) && /^postgres(ql)?:$/.test(new URL(value).protocol), {
        error: 'must be a postgres:// or postgresql:// URL',
      }),
  ),
  WEB_PORT: port(3000),
  COLLECTOR_PORT: port(3001),
  MEDIA_PORT: port(3002),
  /** Where image URLs point: our media service or https://res.cloudinary.com. */
  MEDIA_BASE_URL: httpUrl.optional(),
  /** Where servers upload and delete media, when it differs from MEDIA_BASE_URL. */
  MEDIA_API_URL: httpUrl.optional(),
  /** Served by the media service, which reads it out of each delivery URL. */
  MEDIA_CLOUD_NAME: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9_-]{0,63}$/i,
      'must be 1–64 letters, digits, "-" or "_", starting with a letter or digit',
    )
    .default('coursepack'),
  /** The collector's event path; the web app builds the default tracking endpoint from it. */
  TRACKING_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/, 'must start with "/" and be a plain URL path')
    .refine((value) => !value.includes('//'), 'must start with "/" and be a plain URL path')
    .default('/events'),
  /** Largest PDF a member may upload; the worker never reads a larger original. */
  UPLOAD_MAX_BYTES: byteSize(50 * 1024 * 1024, 1024, 2 ** 31),
  /** Where the embedded database, media files and the mail outbox live (absolute once read). */
  DATA_DIR: z
    .string()
    .default('data')
    .transform((value) => path.resolve(value)),
  /** Which proxies may say who the client is; the collector's COLLECTOR_TRUST_PROXY overrides it. */
  TRUST_PROXY: trustProxy,
};

/**
 * Development values of the secrets, published here: a service falls back to them outside
 * production so a laptop needs no setup, and the web app and the collector fall back to the same
 * AUTH_SECRET, so the collector verifies the session cookies the web app signs.
 */
export const DEVELOPMENT_SECRETS = {
  AUTH_SECRET: 'coursepack-development-secret-do-not-use-in-production',
  MEDIA_API_KEY: 'coursepack-dev-key',
  MEDIA_API_SECRET: 'coursepack-dev-secret',
} as const;

type SecretName = keyof typeof DEVELOPMENT_SECRETS;

function secret(name: SecretName, minLength: number, production: boolean) {
  return sensitive(
    z
      .string()
      .min(minLength, `must be at least ${minLength} characters`)
      .optional()
      .transform((value, ctx) => {
        if (value !== undefined) return value;
        if (!production) return DEVELOPMENT_SECRETS[name];
        ctx.addIssue({ code: 'custom', message: 'is required when NODE_ENV=production' });
        return z.NEVER;
      }),
  );
}

/**
 * The secrets, with the one production rule every service applies: in production an unset
 * secret is refused (its development value is public); elsewhere the development value is used.
 */
export function secretVariables(production: boolean) {
  return {
    /** Signs the web app's sessions; the collector verifies them and keys its IP-hash salt. */
    AUTH_SECRET: secret('AUTH_SECRET', 32, production),
    /** Credentials of the media upload API (ours or Cloudinary's). */
    MEDIA_API_KEY: secret('MEDIA_API_KEY', 1, production),
    MEDIA_API_SECRET: secret('MEDIA_API_SECRET', 8, production),
  };
}

/**
 * The start-up warning of a service whose secrets include development values (outside
 * production, or set to them explicitly): nothing when all are the operator's own.
 */
export function developmentSecretsWarnings(secrets: Partial<Record<SecretName, string>>): string[] {
  const names = (Object.keys(DEVELOPMENT_SECRETS) as SecretName[]).filter(
    (name) => secrets[name] === DEVELOPMENT_SECRETS[name],
  );
  if (names.length === 0) return [];
  return [
    `${names.join(', ')}: the development value${names.length > 1 ? 's' : ''} published in the source; set your own before real visitors arrive`,
  ];
}
