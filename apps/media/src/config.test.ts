import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  installationSecretsFile,
  readOrCreateInstallationSecrets,
} from '@coursepack/config/installation-secrets';
import { afterAll, describe, expect, it } from 'vitest';
import { parseMediaConfig } from './config';

// Where a configuration without credentials keeps the generated ones: never the repository's.
const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'coursepack-media-config-'));
afterAll(() => rmSync(DATA_DIR, { recursive: true, force: true }));
const generated = () => readOrCreateInstallationSecrets(installationSecretsFile(DATA_DIR));
// Set, so that a test of other variables writes no secrets file anywhere.
const credentials = { MEDIA_API_KEY: 'key', MEDIA_API_SECRET: 'secret-secret' };

describe('parseMediaConfig', () => {
  it('has working development defaults, with the installation’s generated credentials', () => {
    const config = parseMediaConfig({ DATA_DIR });
    expect(config).toMatchObject({
      port: 3002,
      cloudName: 'coursepack',
      apiKey: generated().MEDIA_API_KEY,
      apiSecret: generated().MEDIA_API_SECRET,
      mediaDir: path.join(DATA_DIR, 'media'),
      publicUrl: 'http://localhost:3002',
      derivationBudgetMs: 3_000,
      avifEffort: 2,
      maxTransformations: 10,
      maxProcessedPixels: 33_554_432,
      pdfWorkerHeapMb: 256,
      pdfRenderTimeoutMs: 5_000,
      pdfMaxRenderGrowthMb: 512,
      pdfMaxContentBytes: 16 * 1024 * 1024,
      cacheMaxBytes: 1024 ** 3,
      // libuv's pool of 4 less two threads kept for cached answers.
      derivationConcurrency: 2,
    });
  });

  it('reads every variable', () => {
    const config = parseMediaConfig({
      MEDIA_PORT: '4000',
      MEDIA_CLOUD_NAME: 'demo',
      MEDIA_API_KEY: 'key',
      MEDIA_API_SECRET: 'secret-secret',
      DATA_DIR: '/srv/data',
      MEDIA_PUBLIC_URL: 'https://media.example.com/',
      MEDIA_DERIVATION_BUDGET_MS: '50',
      MEDIA_MAX_UPLOAD_BYTES: '1000',
      MEDIA_MAX_SOURCE_PIXELS: '2000',
      MEDIA_MAX_OUTPUT_PIXELS: '3000',
      MEDIA_MAX_PDF_PAGES: '4',
      MEDIA_MEMORY_CACHE_MB: '1',
      MEDIA_AVIF_EFFORT: '5',
      MEDIA_PDF_WORKERS: '2',
      MEDIA_MAX_TRANSFORMATIONS: '3',
      MEDIA_MAX_PROCESSED_PIXELS: '9000',
      MEDIA_PDF_WORKER_HEAP_MB: '64',
      MEDIA_PDF_RENDER_TIMEOUT_MS: '700',
      MEDIA_PDF_MAX_RENDER_GROWTH_MB: '128',
      MEDIA_PDF_MAX_CONTENT_BYTES: '2048',
      MEDIA_CACHE_MAX_BYTES: '33554432',
      MEDIA_DERIVATION_CONCURRENCY: '3',
    });
    expect(config).toMatchObject({
      port: 4000,
      cloudName: 'demo',
      apiKey: 'key',
      mediaDir: '/srv/data/media',
      publicUrl: 'https://media.example.com',
      derivationBudgetMs: 50,
      maxUploadBytes: 1000,
      maxSourcePixels: 2000,
      maxOutputPixels: 3000,
      maxPdfPages: 4,
      memoryCacheBytes: 1024 * 1024,
      avifEffort: 5,
      pdfWorkers: 2,
      maxTransformations: 3,
      maxProcessedPixels: 9000,
      pdfWorkerHeapMb: 64,
      pdfRenderTimeoutMs: 700,
      pdfMaxRenderGrowthMb: 128,
      pdfMaxContentBytes: 2048,
      cacheMaxBytes: 32 * 1024 * 1024,
      derivationConcurrency: 3,
    });
  });

  it('keeps cold derivations below the thread pool and the derived cache above its floor', () => {
    expect(parseMediaConfig({ UV_THREADPOOL_SIZE: '16' }).derivationConcurrency).toBe(14);
    expect(parseMediaConfig({ UV_THREADPOOL_SIZE: '2' }).derivationConcurrency).toBe(1);
    expect(() => parseMediaConfig({ MEDIA_DERIVATION_CONCURRENCY: '4' })).toThrow(
      /^MEDIA_DERIVATION_CONCURRENCY must be an integer between 1 and 3 \(got "4"\)$/,
    );
    expect(() => parseMediaConfig({ MEDIA_CACHE_MAX_BYTES: '1048576' })).toThrow(
      /^MEDIA_CACHE_MAX_BYTES must be a number of bytes between 16777216 and \d+ \(got "1048576"\)$/,
    );
  });

  it('lists one line per bad variable, naming it', () => {
    let message = '';
    try {
      parseMediaConfig({
        NODE_ENV: 'production',
        MEDIA_PORT: 'abc',
        MEDIA_CLOUD_NAME: 'no spaces',
        MEDIA_AVIF_EFFORT: '10',
        MEDIA_PUBLIC_URL: 'ftp://x',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'MEDIA_PORT must be an integer between 1 and 65535 (got "abc")',
      'MEDIA_CLOUD_NAME must be 1–64 letters, digits, "-" or "_", starting with a letter or digit (got "no spaces")',
      'MEDIA_API_KEY is required when NODE_ENV=production',
      'MEDIA_API_SECRET is required when NODE_ENV=production',
      'MEDIA_PUBLIC_URL must be an http(s) URL (got "ftp://x")',
      'MEDIA_AVIF_EFFORT must be an integer between 0 and 9 (got "10")',
    ]);
  });

  it('rejects fractional, negative and out-of-range numbers', () => {
    for (const value of ['1.5', '-1', '0', '70000', '1e3']) {
      expect(() => parseMediaConfig({ ...credentials, MEDIA_PORT: value }), value).toThrow(
        /MEDIA_PORT/,
      );
    }
  });

  it('treats blank variables as unset', () => {
    expect(parseMediaConfig({ ...credentials, MEDIA_PORT: ' ', DATA_DIR: '' })).toMatchObject({
      port: 3002,
      mediaDir: path.resolve('data', 'media'),
    });
    expect(parseMediaConfig({ DATA_DIR, MEDIA_API_KEY: '' }).apiKey).toBe(
      generated().MEDIA_API_KEY,
    );
  });

  it('refuses to run without the operator’s credentials in production', () => {
    expect(() => parseMediaConfig({ NODE_ENV: 'production', MEDIA_API_KEY: 'key' })).toThrow(
      /^MEDIA_API_SECRET is required when NODE_ENV=production$/,
    );
    const config = parseMediaConfig({
      NODE_ENV: 'production',
      MEDIA_API_KEY: 'key',
      MEDIA_API_SECRET: 'secret-secret',
    });
    expect(config).toMatchObject({ apiKey: 'key', apiSecret: 'secret-secret' });
  });
});
