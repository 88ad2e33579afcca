import path from 'node:path';
import type { MediaDeliveryConfig } from '@coursepack/images/build-media-url';
import type { MediaApiCredentials } from '@coursepack/images/upload-asset';
import { z } from 'zod';

/**
 * The worker's configuration, read once at start-up from the environment (README's table). It
 * shares the web app's names for what both need (the media service, mail, the upload limit), so
 * one environment configures both.
 */
export interface WorkerConfig {
  databaseUrl: string;
  /** Documents processed at once by this process (each in a child process of its own). */
  concurrency: number;
  /** How often the analytics rollups are brought up to date. */
  rollupIntervalMs: number;
  /** Where originals are fetched and thumbnails rendered. */
  mediaDelivery: MediaDeliveryConfig;
  /** The upload API, for deleting files nothing refers to any more. */
  mediaApi: MediaApiCredentials;
  /** The web app's upload limit: no stored original is larger. */
  uploadMaxBytes: number;
  mail: { smtpUrl: string | null; from: string; outboxDir: string };
}

// The web app's development defaults (apps/web/src/lib/web-config.ts), for the same media service.
const DEVELOPMENT_MEDIA_API_KEY = 'coursepack-dev-key';
const DEVELOPMENT_MEDIA_API_SECRET = 'coursepack-dev-secret';
const DEFAULT_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
/** WORKER_ROLLUP_INTERVAL_MS's default: the dashboards' figures lag events by about this much. */
export const DEFAULT_ROLLUP_INTERVAL_MS = 2_000;

const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const parsed = Number(value);
      if (!/^\d+$/.test(value.trim()) || parsed < min || parsed > max) {
        ctx.addIssue({
          code: 'custom',
          message: `must be an integer between ${min} and ${max} (got "${value}")`,
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
  WORKER_CONCURRENCY: integer(1, 1, 32),
  WORKER_ROLLUP_INTERVAL_MS: integer(DEFAULT_ROLLUP_INTERVAL_MS, 500, 3_600_000),
  MEDIA_PORT: integer(3002, 1, 65_535),
  MEDIA_BASE_URL: httpUrl.optional(),
  MEDIA_API_URL: httpUrl.optional(),
  MEDIA_CLOUD_NAME: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,64}$/, 'must be 1–64 letters, digits, "-" or "_"')
    .default('coursepack'),
  MEDIA_API_KEY: z.string().min(1, 'must not be empty').optional(),
  MEDIA_API_SECRET: z.string().min(1, 'must not be empty').optional(),
  UPLOAD_MAX_BYTES: integer(DEFAULT_UPLOAD_MAX_BYTES, 1024, 2 ** 31),
  DATA_DIR: z.string().min(1, 'must not be empty').default('data'),
  SMTP_URL: z
    .string()
    .refine((value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol), {
      message: 'must be an smtp:// or smtps:// URL',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .min(3, 'must be an address like "Coursepack <no-reply@example.org>"')
    .default('Coursepack <no-reply@coursepack.local>'),
});

/** Reads the worker's environment; throws one line per bad variable, each naming it. */
export function parseWorkerConfig(env: Record<string, string | undefined>): WorkerConfig {
  // An empty variable is an unset one, as in the other services.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = schema.safeParse(present);
  if (!result.success) {
    throw new Error(
      result.error.issues
        .map((issue) => {
          const name = String(issue.path[0]);
          const got = env[name];
          const shown =
            got === undefined || issue.message.includes('(got') ? '' : ` (got "${got}")`;
          return `${name} ${issue.message}${shown}`;
        })
        .join('\n'),
    );
  }
  const value = result.data;
  const mediaService = `http://127.0.0.1:${value.MEDIA_PORT}`;
  return {
    databaseUrl: value.DATABASE_URL,
    concurrency: value.WORKER_CONCURRENCY,
    rollupIntervalMs: value.WORKER_ROLLUP_INTERVAL_MS,
    mediaDelivery: {
      baseUrl: value.MEDIA_BASE_URL ?? mediaService,
      cloudName: value.MEDIA_CLOUD_NAME,
    },
    mediaApi: {
      apiBaseUrl: value.MEDIA_API_URL ?? mediaService,
      cloudName: value.MEDIA_CLOUD_NAME,
      apiKey: value.MEDIA_API_KEY ?? DEVELOPMENT_MEDIA_API_KEY,
      apiSecret: value.MEDIA_API_SECRET ?? DEVELOPMENT_MEDIA_API_SECRET,
    },
    uploadMaxBytes: value.UPLOAD_MAX_BYTES,
    mail: {
      smtpUrl: value.SMTP_URL ?? null,
      from: value.MAIL_FROM,
      outboxDir: path.join(path.resolve(value.DATA_DIR), 'outbox'),
    },
  };
}
