import path from 'node:path';
import { DEFAULT_MAX_TRANSFORMATIONS } from './parse-delivery-path';

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
  /** True when the development key/secret are in use (never allowed in production). */
  usingDevelopmentCredentials: boolean;
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
  /** Most operators (each shown character counts as one) in one content stream. */
  pdfMaxOperators: number;
  logLevel: string;
}

export const DEVELOPMENT_API_KEY = 'coursepack-dev-key';
export const DEVELOPMENT_API_SECRET = 'coursepack-dev-secret';

type Env = Readonly<Record<string, string | undefined>>;

class ConfigReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  string(name: string, fallback: string, pattern?: RegExp, rule?: string): string {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    if (pattern && !pattern.test(raw)) {
      this.problems.push(`${name} ${rule ?? `must match ${pattern}`} (got ${JSON.stringify(raw)})`);
      return fallback;
    }
    return raw;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
      this.problems.push(
        `${name} must be an integer between ${min} and ${max} (got ${JSON.stringify(raw)})`,
      );
      return fallback;
    }
    return value;
  }
}

export function parseMediaConfig(env: Env = process.env): MediaConfig {
  const read = new ConfigReader(env);
  const production = env.NODE_ENV === 'production';

  const port = read.integer('MEDIA_PORT', 3002, 1, 65_535);
  const host = read.string('MEDIA_HOST', '0.0.0.0');
  const cloudName = read.string(
    'MEDIA_CLOUD_NAME',
    'coursepack',
    /^[a-z0-9][a-z0-9_-]{0,63}$/i,
    'must be 1–64 letters, digits, "-" or "_"',
  );

  const apiKey = env.MEDIA_API_KEY ?? '';
  const apiSecret = env.MEDIA_API_SECRET ?? '';
  if (production) {
    if (apiKey === '') read.problems.push('MEDIA_API_KEY is required when NODE_ENV=production');
    if (apiSecret === '')
      read.problems.push('MEDIA_API_SECRET is required when NODE_ENV=production');
  }
  if (apiSecret !== '' && apiSecret.length < 8) {
    read.problems.push(`MEDIA_API_SECRET must be at least 8 characters (got ${apiSecret.length})`);
  }

  const publicUrl = read.string(
    'MEDIA_PUBLIC_URL',
    `http://localhost:${port}`,
    /^https?:\/\/[^\s/]+(\/[^\s]*)?$/,
    'must be an http(s) URL',
  );

  const config: MediaConfig = {
    port,
    host,
    cloudName,
    apiKey: apiKey || DEVELOPMENT_API_KEY,
    apiSecret: apiSecret || DEVELOPMENT_API_SECRET,
    usingDevelopmentCredentials: apiKey === '' || apiSecret === '',
    mediaDir: path.resolve(env.DATA_DIR || './data', 'media'),
    publicUrl: publicUrl.replace(/\/+$/, ''),
    derivationBudgetMs: read.integer('MEDIA_DERIVATION_BUDGET_MS', 3_000, 1, 600_000),
    maxUploadBytes: read.integer('MEDIA_MAX_UPLOAD_BYTES', 50 * 1024 * 1024, 1, 2 ** 31),
    maxSourcePixels: read.integer('MEDIA_MAX_SOURCE_PIXELS', 50_000_000, 1, 1_000_000_000),
    maxOutputPixels: read.integer('MEDIA_MAX_OUTPUT_PIXELS', 16_777_216, 1, 268_435_456),
    maxPdfPages: read.integer('MEDIA_MAX_PDF_PAGES', 2_000, 1, 100_000),
    maxTransformations: read.integer(
      'MEDIA_MAX_TRANSFORMATIONS',
      DEFAULT_MAX_TRANSFORMATIONS,
      1,
      100,
    ),
    maxProcessedPixels: read.integer('MEDIA_MAX_PROCESSED_PIXELS', 33_554_432, 1, 4_000_000_000),
    memoryCacheBytes: read.integer('MEDIA_MEMORY_CACHE_MB', 128, 0, 65_536) * 1024 * 1024,
    avifEffort: read.integer('MEDIA_AVIF_EFFORT', 2, 0, 9),
    pdfWorkers: read.integer('MEDIA_PDF_WORKERS', 2, 1, 16),
    pdfWorkerHeapMb: read.integer('MEDIA_PDF_WORKER_HEAP_MB', 256, 32, 16_384),
    pdfRenderTimeoutMs: read.integer('MEDIA_PDF_RENDER_TIMEOUT_MS', 5_000, 1, 600_000),
    pdfMaxRenderGrowthMb: read.integer('MEDIA_PDF_MAX_RENDER_GROWTH_MB', 512, 16, 65_536),
    pdfMaxContentBytes: read.integer(
      'MEDIA_PDF_MAX_CONTENT_BYTES',
      16 * 1024 * 1024,
      1_024,
      1_073_741_824,
    ),
    pdfMaxOperators: read.integer('MEDIA_PDF_MAX_OPERATORS', 100_000, 100, 100_000_000),
    logLevel: read.string(
      'MEDIA_LOG_LEVEL',
      'info',
      /^(fatal|error|warn|info|debug|trace|silent)$/,
      'must be one of fatal, error, warn, info, debug, trace, silent',
    ),
  };

  if (read.problems.length > 0) {
    throw new Error(`Invalid media service configuration:\n${read.problems.join('\n')}`);
  }
  return config;
}
