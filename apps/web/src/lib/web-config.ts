import { z } from 'zod';

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
  NODE_ENV: z.string().optional(),
  MEDIA_CLOUD_NAME: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,64}$/, 'must be 1–64 letters, digits, "-" or "_"')
    .default('coursepack'),
});

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
}

/** Reads the web app's environment; throws one line per bad variable, each naming it. */
export function parseWebConfig(env: Record<string, string | undefined>): WebConfig {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const got = env[name];
      const shown = got === undefined || issue.message.includes('(got') ? '' : ` (got "${got}")`;
      return `${name} ${issue.message}${shown}`;
    });
    throw new Error(lines.join('\n'));
  }
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
  };
}
