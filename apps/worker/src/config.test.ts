import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  installationSecretsFile,
  readOrCreateInstallationSecrets,
} from '@coursepack/config/installation-secrets';
import { problemsOf as problemsOfParse } from '@coursepack/config/testing/problems-of';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLLUP_INTERVAL_MS, parseWorkerConfig } from './config';
import { DEFAULT_DOCUMENT_TIMEOUT_MS } from './documents/process-document';

const DATABASE_URL = 'postgres://user:pw@127.0.0.1:5432/coursepack';
// Where a configuration without credentials keeps the generated ones: never the repository's.
const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'coursepack-worker-config-'));
afterAll(() => rmSync(DATA_DIR, { recursive: true, force: true }));

const problemsOf = (env: Record<string, string>) =>
  problemsOfParse(() => parseWorkerConfig({ DATA_DIR, ...env }));

describe('parseWorkerConfig', () => {
  it('applies the documented defaults, the web app’s for the variables it shares', () => {
    const generated = readOrCreateInstallationSecrets(installationSecretsFile(DATA_DIR));
    expect(parseWorkerConfig({ DATABASE_URL, DATA_DIR })).toEqual({
      databaseUrl: DATABASE_URL,
      concurrency: 1,
      rollupIntervalMs: DEFAULT_ROLLUP_INTERVAL_MS,
      documentTimeoutMs: DEFAULT_DOCUMENT_TIMEOUT_MS,
      mediaDelivery: { baseUrl: 'http://127.0.0.1:3002', cloudName: 'coursepack' },
      mediaApi: {
        apiBaseUrl: 'http://127.0.0.1:3002',
        cloudName: 'coursepack',
        apiKey: generated.MEDIA_API_KEY,
        apiSecret: generated.MEDIA_API_SECRET,
      },
      uploadMaxBytes: 50 * 1024 * 1024,
      mail: {
        smtpUrl: null,
        from: 'Coursepack <no-reply@coursepack.local>',
        outboxDir: path.join(DATA_DIR, 'outbox'),
      },
    });
  });

  it('reads every variable', () => {
    const config = parseWorkerConfig({
      DATABASE_URL,
      WORKER_CONCURRENCY: '4',
      WORKER_ROLLUP_INTERVAL_MS: '500',
      WORKER_DOCUMENT_TIMEOUT_MS: '90000',
      MEDIA_PORT: '4002',
      MEDIA_BASE_URL: 'https://res.cloudinary.com/',
      MEDIA_API_URL: 'https://api.cloudinary.com',
      MEDIA_CLOUD_NAME: 'demo',
      MEDIA_API_KEY: 'key',
      MEDIA_API_SECRET: 'secret-secret',
      UPLOAD_MAX_BYTES: '1048576',
      DATA_DIR: '/srv/data',
      SMTP_URL: 'smtps://user:pw@smtp.example.org:465',
      MAIL_FROM: 'Courses <courses@example.org>',
    });
    expect(config).toEqual({
      databaseUrl: DATABASE_URL,
      concurrency: 4,
      rollupIntervalMs: 500,
      documentTimeoutMs: 90_000,
      mediaDelivery: { baseUrl: 'https://res.cloudinary.com', cloudName: 'demo' },
      mediaApi: {
        apiBaseUrl: 'https://api.cloudinary.com',
        cloudName: 'demo',
        apiKey: 'key',
        apiSecret: 'secret-secret',
      },
      uploadMaxBytes: 1_048_576,
      mail: {
        smtpUrl: 'smtps://user:pw@smtp.example.org:465',
        from: 'Courses <courses@example.org>',
        outboxDir: '/srv/data/outbox',
      },
    });
  });

  it('names each bad variable on its own line, never showing a password-bearing URL', () => {
    expect(
      problemsOf({
        WORKER_CONCURRENCY: '0',
        MEDIA_BASE_URL: 'nope',
        MEDIA_CLOUD_NAME: 'no spaces',
        MEDIA_API_SECRET: 'short',
        UPLOAD_MAX_BYTES: '12abc',
        SMTP_URL: 'http://user:hunter2@mail.example.org',
      }),
    ).toEqual([
      'DATABASE_URL is required: a postgres:// or postgresql:// URL',
      'WORKER_CONCURRENCY must be an integer between 1 and 32 (got "0")',
      'MEDIA_BASE_URL must be an http(s) URL (got "nope")',
      'MEDIA_CLOUD_NAME must be 1–64 letters, digits, "-" or "_", starting with a letter or digit (got "no spaces")',
      'MEDIA_API_SECRET must be at least 8 characters',
      'UPLOAD_MAX_BYTES must be a number of bytes between 1024 and 2147483648 (got "12abc")',
      'SMTP_URL must be an smtp:// or smtps:// URL',
    ]);
  });

  it('refuses to run without the operator’s media credentials in production', () => {
    expect(problemsOf({ DATABASE_URL, NODE_ENV: 'production' })).toEqual([
      'MEDIA_API_KEY is required when NODE_ENV=production',
      'MEDIA_API_SECRET is required when NODE_ENV=production',
    ]);
    expect(
      parseWorkerConfig({
        DATABASE_URL,
        NODE_ENV: 'production',
        MEDIA_API_KEY: 'key',
        MEDIA_API_SECRET: 'secret-secret',
      }).mediaApi,
    ).toMatchObject({ apiKey: 'key', apiSecret: 'secret-secret' });
  });
});
