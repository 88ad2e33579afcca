import path from 'node:path';
import { type Env, parseEnv } from '@coursepack/config/parse-env';
import { byteSize, httpUrl, integer, logLevel } from '@coursepack/config/rules';
import { SHARED_VARIABLES, secretVariables } from '@coursepack/config/shared-variables';
import { z } from 'zod';
import { DEFAULT_MAX_TRANSFORMATIONS } from './grammar/parse-delivery-path';

/**
 * The media service's configuration, parsed once at start-up from the environment.
 * `parseMediaConfig` throws one Error listing every bad variable, one line each, so the root
 * start script can validate before starting anything.
 */
export interface MediaConfig {
  port: number;
  host: string;
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  /** Where originals, metadata and derived images live: `DATA_DIR/media`. */
  mediaDir: string;
  /** Origin written into the upload API's `url` / `secure_url`. */
  publicUrl: string;
  /** How long a delivery request waits for a derivation before answering 423. */
  derivationBudgetMs: number;
  maxUploadBytes: number;
  maxSourcePixels: number;
  maxOutputPixels: number;
  maxPdfPages: number;
  /** Chained transformation components one URL may carry. */
  maxTransformations: number;
  /** Every transformation step's output added up, in pixels: the work one URL may ask for. */
  maxProcessedPixels: number;
  memoryCacheBytes: number;
  /** Most bytes derived files may take on disk; the least recently used are removed past it. */
  cacheMaxBytes: number;
  /** Cold derivations running at once (the rest wait their turn, asset by asset). */
  derivationConcurrency: number;
  avifEffort: number;
  pdfWorkers: number;
  /** V8 heap cap of each PDF worker thread. */
  pdfWorkerHeapMb: number;
  /** A page render still running after this is stopped (its worker is replaced). */
  pdfRenderTimeoutMs: number;
  /** A page render during which resident memory grows by more than this is stopped. */
  pdfMaxRenderGrowthMb: number;
  /** Largest decoded content stream (page, form, glyph procedure) a PDF may contain. */
  pdfMaxContentBytes: number;
  /** Bytes a PDF page's images may decode to (pdf.js decodes each whole, 4 bytes a pixel). */
  pdfMaxPageImageBytes: number;
  /** PDF workers one document may hold at once. */
  pdfWorkersPerDocument: number;
  /** Page renders one document may have waiting. */
  pdfMaxQueuedPerDocument: number;
  /** Missed render deadlines that pause a document, and for how long (doubling up to the max). */
  pdfBreakerTimeouts: number;
  pdfBreakerCoolDownMs: number;
  pdfBreakerMaxCoolDownMs: number;
  logLevel: string;
}

/** The smallest derived-cache limit: a few large derivations must fit, or it only churns. */
export const MIN_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * libuv's thread pool as this process will have it (UV_THREADPOOL_SIZE, 4 unless set, at most
 * 1024). sharp runs each pipeline on it and file reads and writes go through it too, so cold
 * derivations must leave some of it free for cached answers (see derivation-lane.ts).
 */
export function threadPoolSize(env: Env): number {
  const size = Number.parseInt(env.UV_THREADPOOL_SIZE ?? '', 10);
  return Number.isInteger(size) && size > 0 ? Math.min(size, 1_024) : 4;
}

function mediaVariables(env: Env, threads: number) {
  const secrets = secretVariables(env);
  return {
    MEDIA_PORT: SHARED_VARIABLES.MEDIA_PORT,
    MEDIA_HOST: z.string().default('0.0.0.0'),
    MEDIA_CLOUD_NAME: SHARED_VARIABLES.MEDIA_CLOUD_NAME,
    MEDIA_API_KEY: secrets.MEDIA_API_KEY,
    MEDIA_API_SECRET: secrets.MEDIA_API_SECRET,
    MEDIA_PUBLIC_URL: httpUrl.optional(),
    DATA_DIR: SHARED_VARIABLES.DATA_DIR,
    MEDIA_DERIVATION_BUDGET_MS: integer(3_000, 1, 600_000),
    MEDIA_MAX_UPLOAD_BYTES: byteSize(50 * 1024 * 1024, 1, 2 ** 31),
    MEDIA_MAX_SOURCE_PIXELS: integer(50_000_000, 1, 1_000_000_000),
    MEDIA_MAX_OUTPUT_PIXELS: integer(16_777_216, 1, 268_435_456),
    MEDIA_MAX_PDF_PAGES: integer(2_000, 1, 100_000),
    MEDIA_MAX_TRANSFORMATIONS: integer(DEFAULT_MAX_TRANSFORMATIONS, 1, 100),
    MEDIA_MAX_PROCESSED_PIXELS: integer(33_554_432, 1, 4_000_000_000),
    MEDIA_MEMORY_CACHE_MB: integer(128, 0, 65_536),
    MEDIA_CACHE_MAX_BYTES: byteSize(1024 ** 3, MIN_CACHE_BYTES, 2 ** 50),
    // Below the thread pool's size: two threads stay free for cached answers by default.
    MEDIA_DERIVATION_CONCURRENCY: integer(Math.max(1, threads - 2), 1, Math.max(1, threads - 1)),
    MEDIA_AVIF_EFFORT: integer(2, 0, 9),
    MEDIA_PDF_WORKERS: integer(2, 1, 16),
    MEDIA_PDF_WORKER_HEAP_MB: integer(256, 32, 16_384),
    MEDIA_PDF_RENDER_TIMEOUT_MS: integer(5_000, 1, 600_000),
    MEDIA_PDF_MAX_RENDER_GROWTH_MB: integer(512, 16, 65_536),
    MEDIA_PDF_MAX_CONTENT_BYTES: byteSize(16 * 1024 * 1024, 1_024, 1_073_741_824),
    MEDIA_PDF_MAX_PAGE_IMAGE_MB: integer(144, 1, 65_536),
    MEDIA_PDF_WORKERS_PER_DOCUMENT: integer(1, 1, 16),
    MEDIA_PDF_QUEUE_PER_DOCUMENT: integer(64, 1, 100_000),
    MEDIA_PDF_BREAKER_TIMEOUTS: integer(3, 1, 1_000),
    MEDIA_PDF_BREAKER_COOLDOWN_MS: integer(30_000, 1, 86_400_000),
    MEDIA_PDF_BREAKER_MAX_COOLDOWN_MS: integer(900_000, 1, 86_400_000),
    MEDIA_LOG_LEVEL: logLevel,
  };
}

export function parseMediaConfig(env: Env = process.env): MediaConfig {
  const value = parseEnv(env, mediaVariables(env, threadPoolSize(env)));
  return {
    port: value.MEDIA_PORT,
    host: value.MEDIA_HOST,
    cloudName: value.MEDIA_CLOUD_NAME,
    apiKey: value.MEDIA_API_KEY,
    apiSecret: value.MEDIA_API_SECRET,
    mediaDir: path.join(value.DATA_DIR, 'media'),
    publicUrl: value.MEDIA_PUBLIC_URL ?? `http://localhost:${value.MEDIA_PORT}`,
    derivationBudgetMs: value.MEDIA_DERIVATION_BUDGET_MS,
    maxUploadBytes: value.MEDIA_MAX_UPLOAD_BYTES,
    maxSourcePixels: value.MEDIA_MAX_SOURCE_PIXELS,
    maxOutputPixels: value.MEDIA_MAX_OUTPUT_PIXELS,
    maxPdfPages: value.MEDIA_MAX_PDF_PAGES,
    maxTransformations: value.MEDIA_MAX_TRANSFORMATIONS,
    maxProcessedPixels: value.MEDIA_MAX_PROCESSED_PIXELS,
    memoryCacheBytes: value.MEDIA_MEMORY_CACHE_MB * 1024 * 1024,
    cacheMaxBytes: value.MEDIA_CACHE_MAX_BYTES,
    derivationConcurrency: value.MEDIA_DERIVATION_CONCURRENCY,
    avifEffort: value.MEDIA_AVIF_EFFORT,
    pdfWorkers: value.MEDIA_PDF_WORKERS,
    pdfWorkerHeapMb: value.MEDIA_PDF_WORKER_HEAP_MB,
    pdfRenderTimeoutMs: value.MEDIA_PDF_RENDER_TIMEOUT_MS,
    pdfMaxRenderGrowthMb: value.MEDIA_PDF_MAX_RENDER_GROWTH_MB,
    pdfMaxContentBytes: value.MEDIA_PDF_MAX_CONTENT_BYTES,
    pdfMaxPageImageBytes: value.MEDIA_PDF_MAX_PAGE_IMAGE_MB * 1024 * 1024,
    pdfWorkersPerDocument: value.MEDIA_PDF_WORKERS_PER_DOCUMENT,
    pdfMaxQueuedPerDocument: value.MEDIA_PDF_QUEUE_PER_DOCUMENT,
    pdfBreakerTimeouts: value.MEDIA_PDF_BREAKER_TIMEOUTS,
    pdfBreakerCoolDownMs: value.MEDIA_PDF_BREAKER_COOLDOWN_MS,
    pdfBreakerMaxCoolDownMs: value.MEDIA_PDF_BREAKER_MAX_COOLDOWN_MS,
    logLevel: value.MEDIA_LOG_LEVEL,
  };
}
