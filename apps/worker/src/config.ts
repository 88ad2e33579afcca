import path from 'node:path';
import { type Env, parseEnv, sensitive } from '@coursepack/config/parse-env';
import { integer } from '@coursepack/config/rules';
import { SHARED_VARIABLES, secretVariables } from '@coursepack/config/shared-variables';
import type { MediaDeliveryConfig } from '@coursepack/images/build-media-url';
import type { MediaApiCredentials } from '@coursepack/images/upload-asset';
import { z } from 'zod';
import { DEFAULT_DOCUMENT_TIMEOUT_MS } from './documents/process-document';

/**
 * The worker's configuration, read once at start-up from the environment (README's table). It
 * shares the web app's names and rules for what both need (the media service, the upload
 * limit), so one environment configures both.
 */
export interface WorkerConfig {
  databaseUrl: string;
  /** Documents processed at once by this process (each in a child process of its own). */
  concurrency: number;
  /** How often the analytics rollups are brought up to date. */
  rollupIntervalMs: number;
  /** Reading time one document may take, every slice together; then it is ready as read so far. */
  documentTimeoutMs: number;
  /** Where originals are fetched and thumbnails rendered. */
  mediaDelivery: MediaDeliveryConfig;
  /** The upload API, for deleting files nothing refers to any more. */
  mediaApi: MediaApiCredentials;
  /** The web app's upload limit: no stored original is larger. */
  uploadMaxBytes: number;
  mail: { smtpUrl: string | null; from: string; outboxDir: string };
}

/** WORKER_ROLLUP_INTERVAL_MS's default: the dashboards' figures lag events by about this much. */
export const DEFAULT_ROLLUP_INTERVAL_MS = 2_000;

function workerVariables(env: Env) {
  const secrets = secretVariables(env);
  return {
    DATABASE_URL: SHARED_VARIABLES.DATABASE_URL,
    WORKER_CONCURRENCY: integer(1, 1, 32),
    WORKER_ROLLUP_INTERVAL_MS: integer(DEFAULT_ROLLUP_INTERVAL_MS, 500, 3_600_000),
    WORKER_DOCUMENT_TIMEOUT_MS: integer(DEFAULT_DOCUMENT_TIMEOUT_MS, 1_000, 24 * 3_600_000),
    MEDIA_PORT: SHARED_VARIABLES.MEDIA_PORT,
    MEDIA_BASE_URL: SHARED_VARIABLES.MEDIA_BASE_URL,
    MEDIA_API_URL: SHARED_VARIABLES.MEDIA_API_URL,
    MEDIA_CLOUD_NAME: SHARED_VARIABLES.MEDIA_CLOUD_NAME,
    MEDIA_API_KEY: secrets.MEDIA_API_KEY,
    MEDIA_API_SECRET: secrets.MEDIA_API_SECRET,
    UPLOAD_MAX_BYTES: SHARED_VARIABLES.UPLOAD_MAX_BYTES,
    DATA_DIR: SHARED_VARIABLES.DATA_DIR,
    // Carries the mail server's password.
    SMTP_URL: sensitive(
      z
        .string()
        .refine((value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol), {
          error: 'must be an smtp:// or smtps:// URL',
        })
        .optional(),
    ),
    MAIL_FROM: z
      .string()
      .min(3, 'must be an address like "Coursepack <no-reply@example.org>"')
      .default('Coursepack <no-reply@coursepack.local>'),
  };
}

/** Reads the worker's environment; throws one line per bad variable, each naming it. */
export function parseWorkerConfig(env: Env): WorkerConfig {
  const value = parseEnv(env, workerVariables(env));
  const mediaService = `http://127.0.0.1:${value.MEDIA_PORT}`;
  return {
    databaseUrl: value.DATABASE_URL,
    concurrency: value.WORKER_CONCURRENCY,
    rollupIntervalMs: value.WORKER_ROLLUP_INTERVAL_MS,
    documentTimeoutMs: value.WORKER_DOCUMENT_TIMEOUT_MS,
    mediaDelivery: {
      baseUrl: value.MEDIA_BASE_URL ?? mediaService,
      cloudName: value.MEDIA_CLOUD_NAME,
    },
    mediaApi: {
      apiBaseUrl: value.MEDIA_API_URL ?? mediaService,
      cloudName: value.MEDIA_CLOUD_NAME,
      apiKey: value.MEDIA_API_KEY,
      apiSecret: value.MEDIA_API_SECRET,
    },
    uploadMaxBytes: value.UPLOAD_MAX_BYTES,
    mail: {
      smtpUrl: value.SMTP_URL ?? null,
      from: value.MAIL_FROM,
      outboxDir: path.join(value.DATA_DIR, 'outbox'),
    },
  };
}
