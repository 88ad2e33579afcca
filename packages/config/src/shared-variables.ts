import path from 'node:path';
import { z } from 'zod';
import {
  installationSecretsFile,
  readOrCreateInstallationSecrets,
  SECRET_MIN_LENGTHS,
  type SecretName,
  type Secrets,
} from './installation-secrets';
import { type Env, isProduction, sensitive, variableText } from './parse-env';
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

function dataDirOf(env: Env): string {
  return SHARED_VARIABLES.DATA_DIR.parse(variableText(env, 'DATA_DIR'));
}

function secret(name: SecretName, production: boolean, generated: (name: SecretName) => string) {
  const minLength = SECRET_MIN_LENGTHS[name];
  return sensitive(
    z
      .string()
      .min(minLength, `must be at least ${minLength} characters`)
      .optional()
      .transform((value, ctx) => {
        if (value !== undefined) return value;
        if (production) {
          ctx.addIssue({ code: 'custom', message: 'is required when NODE_ENV=production' });
          return z.NEVER;
        }
        try {
          return generated(name);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: `is not set, and ${(error as Error).message}` });
          return z.NEVER;
        }
      }),
  );
}

/**
 * The secrets, with the one rule every service applies: the operator's value whenever it is set;
 * in production an unset secret is refused; elsewhere the installation's own, generated once
 * into DATA_DIR/secrets.json, so the parts of one installation agree with no setup (the
 * collector verifies the cookies the web app signs) and no two installations share a secret.
 */
export function secretVariables(env: Env) {
  let generated: Secrets | undefined;
  const generatedSecret = (name: SecretName) => {
    generated ??= readOrCreateInstallationSecrets(installationSecretsFile(dataDirOf(env)));
    return generated[name];
  };
  const production = isProduction(env);
  return {
    /** Signs the web app's sessions; the collector verifies them and keys its IP-hash salt. */
    AUTH_SECRET: secret('AUTH_SECRET', production, generatedSecret),
    /** Credentials of the media upload API (ours or Cloudinary's). */
    MEDIA_API_KEY: secret('MEDIA_API_KEY', production, generatedSecret),
    MEDIA_API_SECRET: secret('MEDIA_API_SECRET', production, generatedSecret),
  };
}
