import { type Env, parseEnv } from '@coursepack/config/parse-env';
import { flag, httpUrl, originList } from '@coursepack/config/rules';
import { SHARED_VARIABLES, secretVariables } from '@coursepack/config/shared-variables';
import type { TrustProxy } from '@coursepack/trust-proxy/trust-proxy';
import { z } from 'zod';
import { type RateLimits, rateLimitsFrom, rateLimitVariables } from '../limits/rate-limit-settings';

/** The `environment` and `app` fields of tracked events. */
const trackingName = z
  .string()
  .regex(/^[a-z0-9_-]{1,40}$/, 'must be 1–40 lower-case letters, digits, "-" or "_"');

function webVariables(env: Env) {
  const shared = SHARED_VARIABLES;
  const secrets = secretVariables(env);
  return {
    DATABASE_URL: shared.DATABASE_URL,
    WEB_PORT: shared.WEB_PORT,
    MEDIA_PORT: shared.MEDIA_PORT,
    SITE_URL: httpUrl.optional(),
    SITE_ALIASES: originList('', { required: false }),
    MEDIA_BASE_URL: shared.MEDIA_BASE_URL,
    COLLECTOR_PORT: shared.COLLECTOR_PORT,
    TRACKING_PATH: shared.TRACKING_PATH,
    TRACKING_ENDPOINT: httpUrl.optional(),
    TRACKING_ENVIRONMENT: trackingName.optional(),
    TRACKING_APP: trackingName.default('coursepack-web'),
    TRACKING_URL_PATH_VERSION: z
      .string()
      .regex(/^[a-z0-9_.-]{1,20}$/, 'must be 1–20 lower-case letters, digits, ".", "-" or "_"')
      .default('v1'),
    NODE_ENV: z.string().optional(),
    MEDIA_CLOUD_NAME: shared.MEDIA_CLOUD_NAME,
    MEDIA_API_URL: shared.MEDIA_API_URL,
    MEDIA_API_KEY: secrets.MEDIA_API_KEY,
    MEDIA_API_SECRET: secrets.MEDIA_API_SECRET,
    AUTH_SECRET: secrets.AUTH_SECRET,
    AUTH_RATE_LIMIT: flag(true, ['on', 'off']),
    REQUIRE_EMAIL_VERIFICATION: flag(false),
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
        error: 'must be a comma-separated list of email addresses',
      }),
    GITHUB_CLIENT_ID: z.string().optional(),
    GITHUB_CLIENT_SECRET: z.string().optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    TRUST_PROXY: shared.TRUST_PROXY,
    UPLOAD_MAX_BYTES: shared.UPLOAD_MAX_BYTES,
    ...rateLimitVariables(),
  };
}

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
  /**
   * Other origins the site answers on (SITE_ALIASES, and the loopback twin of a loopback
   * SITE_URL): their pages redirect to `siteUrl`, and sign-in trusts requests from them.
   */
  siteAliases: string[];
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
    rateLimit: boolean;
    requireEmailVerification: boolean;
    /** Members who sign up with one of these addresses are admins. */
    adminEmails: string[];
    github: OAuthClient | null;
    google: OAuthClient | null;
  };
  uploadMaxBytes: number;
  /** Every rate limit, each set by its LIMIT_* variable (limits/rate-limit-settings.ts). */
  limits: RateLimits;
  /** Which proxies may say who the client is (server/trust-proxy.ts); the collector reads it too. */
  trustProxy: TrustProxy;
}

/** A half-configured provider would show a sign-in button that can only fail. */
function oauthPairProblems(env: Env): string[] {
  const pairs = [
    ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'],
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ] as const;
  const isSet = (name: string) => Boolean(env[name]?.trim());
  return pairs
    .filter(([id, secret]) => isSet(id) !== isSet(secret))
    .map(([id, secret]) =>
      isSet(id)
        ? `${secret} is required when ${id} is set`
        : `${id} is required when ${secret} is set`,
    );
}

function oauthClient(id: string | undefined, secret: string | undefined): OAuthClient | null {
  return id && secret ? { clientId: id, clientSecret: secret } : null;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * SITE_ALIASES, plus, when the site is served on a loopback name (the default
 * http://localhost:3000), the other loopback names on its port: a developer who opens
 * http://127.0.0.1:3000 is on the same machine and the same server.
 */
function siteAliases(siteUrl: string, configured: string[]): string[] {
  const site = new URL(siteUrl);
  const twins = LOOPBACK_HOSTS.includes(site.hostname)
    ? LOOPBACK_HOSTS.map((hostname) => {
        const twin = new URL(site.origin);
        twin.hostname = hostname;
        return twin.origin;
      })
    : [];
  return [...new Set([...configured, ...twins])].filter((origin) => origin !== site.origin);
}

/** Reads the web app's environment; throws one line per bad variable, each naming it. */
export function parseWebConfig(env: Env): WebConfig {
  const value = parseEnv(env, webVariables(env), oauthPairProblems(env));
  const siteUrl = value.SITE_URL ?? `http://localhost:${value.WEB_PORT}`;
  return {
    databaseUrl: value.DATABASE_URL,
    port: value.WEB_PORT,
    siteUrl,
    siteAliases: siteAliases(siteUrl, value.SITE_ALIASES),
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
      apiKey: value.MEDIA_API_KEY,
      apiSecret: value.MEDIA_API_SECRET,
    },
    auth: {
      secret: value.AUTH_SECRET,
      rateLimit: value.AUTH_RATE_LIMIT,
      requireEmailVerification: value.REQUIRE_EMAIL_VERIFICATION,
      adminEmails: value.ADMIN_EMAILS,
      github: oauthClient(value.GITHUB_CLIENT_ID, value.GITHUB_CLIENT_SECRET),
      google: oauthClient(value.GOOGLE_CLIENT_ID, value.GOOGLE_CLIENT_SECRET),
    },
    uploadMaxBytes: value.UPLOAD_MAX_BYTES,
    limits: rateLimitsFrom(value),
    trustProxy: value.TRUST_PROXY,
  };
}
