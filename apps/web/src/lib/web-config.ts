import {
  parseTrustProxy,
  TRUST_PROXY_RULE,
  type TrustProxy,
} from '@coursepack/trust-proxy/trust-proxy';
import { z } from 'zod';

/**
 * Signs session cookies when AUTH_SECRET is unset. Fine on a laptop, never in production:
 * anyone who reads this file could forge a session (npm start warns).
 */
export const DEVELOPMENT_AUTH_SECRET = 'coursepack-development-secret-do-not-use-in-production';
export const DEVELOPMENT_MEDIA_API_KEY = 'coursepack-dev-key';
export const DEVELOPMENT_MEDIA_API_SECRET = 'coursepack-dev-secret';
export const DEFAULT_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

const port = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const parsed = Number(value);
      if (!/^\d+$/.test(value) || parsed < 1 || parsed > 65535) {
        ctx.addIssue({
          code: 'custom',
          message: `must be an integer between 1 and 65535 (got "${value}")`,
        });
        return z.NEVER;
      }
      return parsed;
    });

const httpUrl = z
  .string()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: 'must be an http(s) URL',
  })
  .transform((value) => value.replace(/\/+$/, ''));

const schema = z.object({
  DATABASE_URL: z
    .string({ message: 'is required (npm start sets it to the embedded PostgreSQL)' })
    .refine((value) => /^postgres(ql)?:\/\//.test(value) && URL.canParse(value), {
      message: 'must be a postgres:// URL',
    }),
  WEB_PORT: port(3000),
  MEDIA_PORT: port(3002),
  SITE_URL: httpUrl.optional(),
  MEDIA_BASE_URL: httpUrl.optional(),
  COLLECTOR_PORT: port(3001),
  TRACKING_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*$/, 'must be a path starting with "/"')
    .default('/events'),
  TRACKING_ENDPOINT: httpUrl.optional(),
  TRACKING_ENVIRONMENT: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/, 'must be 1–40 lower-case letters, digits, "-" or "_"')
    .optional(),
  TRACKING_APP: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/, 'must be 1–40 lower-case letters, digits, "-" or "_"')
    .default('coursepack-web'),
  TRACKING_URL_PATH_VERSION: z
    .string()
    .regex(/^[a-z0-9_.-]{1,20}$/, 'must be 1–20 lower-case letters, digits, ".", "-" or "_"')
    .default('v1'),
  NODE_ENV: z.string().optional(),
  MEDIA_CLOUD_NAME: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,64}$/, 'must be 1–64 letters, digits, "-" or "_"')
    .default('coursepack'),
  MEDIA_API_URL: httpUrl.optional(),
  MEDIA_API_KEY: z.string().min(1, 'must not be empty').optional(),
  MEDIA_API_SECRET: z.string().min(1, 'must not be empty').optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_RATE_LIMIT: z.enum(['on', 'off'], { message: 'must be "on" or "off"' }).default('on'),
  REQUIRE_EMAIL_VERIFICATION: z
    .enum(['true', 'false'], { message: 'must be "true" or "false"' })
    .default('false'),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((emails) => emails.every((email) => z.email().safeParse(email).success), {
      message: 'must be a comma-separated list of email addresses',
    }),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (trust === null) {
        ctx.addIssue({ code: 'custom', message: TRUST_PROXY_RULE });
        return z.NEVER;
      }
      return trust;
    }),
  UPLOAD_MAX_BYTES: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return DEFAULT_UPLOAD_MAX_BYTES;
      const parsed = Number(value);
      if (!/^\d+$/.test(value) || parsed < 1024 || parsed > 2 ** 31) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a number of bytes between 1024 and 2147483648 (got "${value}")`,
        });
        return z.NEVER;
      }
      return parsed;
    }),
});

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface MediaApiConfig {
  /** Where the server uploads and destroys assets (not necessarily where browsers load them). */
  apiBaseUrl: string;
  cloudName: string;
  apiKey: string;
  apiSecret: string;
}

export interface WebConfig {
  databaseUrl: string;
  port: number;
  /** Public origin of the site, for canonical URLs, sitemaps and Open Graph. */
  siteUrl: string;
  /** Where image URLs point: our media service or https://res.cloudinary.com. */
  mediaBaseUrl: string;
  mediaCloudName: string;
  /** Where browsers send tracking events: the collector's public URL. */
  trackingEndpoint: string;
  /** The `environment` field of every tracked event. */
  trackingEnvironment: string;
  /** The `app` field of every tracked event. */
  trackingApp: string;
  /** The `url_path_version` field: which URL scheme the paths in events follow. */
  trackingUrlPathVersion: string;
  mediaApi: MediaApiConfig;
  auth: {
    secret: string;
    /** False only when AUTH_SECRET is unset and the development secret signs sessions. */
    secretIsConfigured: boolean;
    rateLimit: boolean;
    requireEmailVerification: boolean;
    /** Members who sign up with one of these addresses are admins. */
    adminEmails: string[];
    github: OAuthClient | null;
    google: OAuthClient | null;
  };
  uploadMaxBytes: number;
  /** Which proxies may say who the client is (server/trust-proxy.ts); the collector reads it too. */
  trustProxy: TrustProxy;
}

/** A half-configured provider would show a sign-in button that can only fail. */
function oauthPairProblems(env: Record<string, string | undefined>): string[] {
  const pairs = [
    ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'],
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ] as const;
  return pairs
    .filter(([id, secret]) => Boolean(env[id]) !== Boolean(env[secret]))
    .map(([id, secret]) =>
      env[id]
        ? `${secret} is required when ${id} is set`
        : `${id} is required when ${secret} is set`,
    );
}

function oauthClient(id: string | undefined, secret: string | undefined): OAuthClient | null {
  return id && secret ? { clientId: id, clientSecret: secret } : null;
}

/** Reads the web app's environment; throws one line per bad variable, each naming it. */
export function parseWebConfig(env: Record<string, string | undefined>): WebConfig {
  const result = schema.safeParse(env);
  const lines = (result.error?.issues ?? []).map((issue) => {
    const name = String(issue.path[0]);
    const got = env[name];
    const shown = got === undefined || issue.message.includes('(got') ? '' : ` (got "${got}")`;
    return `${name} ${issue.message}${shown}`;
  });
  lines.push(...oauthPairProblems(env));
  if (!result.success || lines.length > 0) throw new Error(lines.join('\n'));
  const value = result.data;
  return {
    databaseUrl: value.DATABASE_URL,
    port: value.WEB_PORT,
    siteUrl: value.SITE_URL ?? `http://localhost:${value.WEB_PORT}`,
    mediaBaseUrl: value.MEDIA_BASE_URL ?? `http://localhost:${value.MEDIA_PORT}`,
    mediaCloudName: value.MEDIA_CLOUD_NAME,
    trackingEndpoint:
      value.TRACKING_ENDPOINT ?? `http://localhost:${value.COLLECTOR_PORT}${value.TRACKING_PATH}`,
    trackingEnvironment: value.TRACKING_ENVIRONMENT ?? value.NODE_ENV ?? 'development',
    trackingApp: value.TRACKING_APP,
    trackingUrlPathVersion: value.TRACKING_URL_PATH_VERSION,
    mediaApi: {
      apiBaseUrl: value.MEDIA_API_URL ?? `http://127.0.0.1:${value.MEDIA_PORT}`,
      cloudName: value.MEDIA_CLOUD_NAME,
      apiKey: value.MEDIA_API_KEY ?? DEVELOPMENT_MEDIA_API_KEY,
      apiSecret: value.MEDIA_API_SECRET ?? DEVELOPMENT_MEDIA_API_SECRET,
    },
    auth: {
      secret: value.AUTH_SECRET ?? DEVELOPMENT_AUTH_SECRET,
      secretIsConfigured: value.AUTH_SECRET !== undefined,
      rateLimit: value.AUTH_RATE_LIMIT === 'on',
      requireEmailVerification: value.REQUIRE_EMAIL_VERIFICATION === 'true',
      adminEmails: value.ADMIN_EMAILS,
      github: oauthClient(value.GITHUB_CLIENT_ID, value.GITHUB_CLIENT_SECRET),
      google: oauthClient(value.GOOGLE_CLIENT_ID, value.GOOGLE_CLIENT_SECRET),
    },
    uploadMaxBytes: value.UPLOAD_MAX_BYTES,
    trustProxy: value.TRUST_PROXY,
  };
}
