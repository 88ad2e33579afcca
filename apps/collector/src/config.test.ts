import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  installationSecretsFile,
  readOrCreateInstallationSecrets,
} from '@coursepack/config/installation-secrets';
import { problemsOf as problemsOfParse } from '@coursepack/config/testing/problems-of';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCollectorConfig } from './config';

const DATABASE_URL = 'postgres://user:pw@127.0.0.1:5432/coursepack';
// Where a configuration without AUTH_SECRET keeps the generated one: never the repository's.
const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'coursepack-collector-config-'));
afterAll(() => rmSync(DATA_DIR, { recursive: true, force: true }));

const problemsOf = (env: Record<string, string>) =>
  problemsOfParse(() => parseCollectorConfig({ DATA_DIR, ...env }));

describe('parseCollectorConfig', () => {
  it('applies the documented defaults', () => {
    const config = parseCollectorConfig({ DATABASE_URL, DATA_DIR });
    expect(config).toMatchObject({
      databaseUrl: DATABASE_URL,
      port: 3001,
      host: '0.0.0.0',
      trackingPath: '/events',
      allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      // The installation's own, shared with the web app through DATA_DIR.
      authSecret: readOrCreateInstallationSecrets(installationSecretsFile(DATA_DIR)).AUTH_SECRET,
      bodyLimitBytes: 524_288,
      rateLimitMax: 3000,
      rateLimitWindowMs: 60_000,
      batchMaxEvents: 2000,
      flushConcurrency: 2,
      flushDelayMs: 20,
      trustProxy: false,
      logLevel: 'info',
      sessionCacheMs: 60_000,
    });
  });

  it('reads every variable', () => {
    const config = parseCollectorConfig({
      DATABASE_URL,
      COLLECTOR_PORT: '4001',
      TRACKING_PATH: '/t/collect',
      TRACKING_ALLOWED_ORIGINS: ' https://coursepack.dev , https://www.coursepack.dev:8443 ',
      AUTH_SECRET: 's'.repeat(32),
      COLLECTOR_RATE_LIMIT_MAX: '0',
      COLLECTOR_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      COLLECTOR_LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 4001,
      trackingPath: '/t/collect',
      allowedOrigins: ['https://coursepack.dev', 'https://www.coursepack.dev:8443'],
      authSecret: 's'.repeat(32),
      rateLimitMax: 0,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      logLevel: 'warn',
    });
    expect(
      parseCollectorConfig({ DATABASE_URL, DATA_DIR, COLLECTOR_TRUST_PROXY: '2' }).trustProxy,
    ).toBe(2);
  });

  it('falls back to the product-wide TRUST_PROXY; COLLECTOR_TRUST_PROXY wins when both are set', () => {
    expect(
      parseCollectorConfig({ DATABASE_URL, DATA_DIR, TRUST_PROXY: '10.0.0.0/8' }).trustProxy,
    ).toEqual(['10.0.0.0/8']);
    expect(
      parseCollectorConfig({
        DATABASE_URL,
        DATA_DIR,
        TRUST_PROXY: '1',
        COLLECTOR_TRUST_PROXY: 'false',
      }).trustProxy,
    ).toBe(false);
    expect(() => parseCollectorConfig({ DATABASE_URL, DATA_DIR, TRUST_PROXY: 'maybe' })).toThrow(
      'TRUST_PROXY must be true, false, a hop count, or comma-separated proxy addresses/CIDRs (got "maybe")',
    );
  });

  it('names each bad variable on its own line', () => {
    expect(
      problemsOf({
        COLLECTOR_PORT: 'abc',
        TRACKING_PATH: 'events',
        TRACKING_ALLOWED_ORIGINS: '*,https://ok.example,https://bad.example/path',
        AUTH_SECRET: 'short',
        COLLECTOR_BATCH_MAX_EVENTS: '5',
        COLLECTOR_LOG_LEVEL: 'loud',
        COLLECTOR_TRUST_PROXY: 'maybe',
      }),
    ).toEqual([
      'DATABASE_URL is required: a postgres:// or postgresql:// URL',
      'COLLECTOR_PORT must be an integer between 1 and 65535 (got "abc")',
      'TRACKING_PATH must start with "/" and be a plain URL path (got "events")',
      'TRACKING_ALLOWED_ORIGINS must be comma-separated origins like https://coursepack.dev (scheme, host, optional port; no "*", path or trailing slash); bad: *, https://bad.example/path (got "*,https://ok.example,https://bad.example/path")',
      'AUTH_SECRET must be at least 32 characters',
      'COLLECTOR_TRUST_PROXY must be true, false, a hop count, or comma-separated proxy addresses/CIDRs (got "maybe")',
      'COLLECTOR_LOG_LEVEL must be "fatal", "error", "warn", "info", "debug", "trace" or "silent" (got "loud")',
      'COLLECTOR_BATCH_MAX_EVENTS must be an integer between 100 and 50000 (got "5")',
    ]);
  });

  it('refuses a non-postgres DATABASE_URL, a port out of range, and an empty origin list', () => {
    expect(
      problemsOf({
        DATABASE_URL: 'mysql://x@y/z',
        COLLECTOR_PORT: '70000',
        TRACKING_ALLOWED_ORIGINS: ' , ',
      }),
    ).toEqual([
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
      'COLLECTOR_PORT must be an integer between 1 and 65535 (got "70000")',
      'TRACKING_ALLOWED_ORIGINS must list at least one origin (got " , ")',
    ]);
  });

  it('refuses to run without the operator’s AUTH_SECRET in production', () => {
    expect(problemsOf({ DATABASE_URL, NODE_ENV: 'production' })).toEqual([
      'AUTH_SECRET is required when NODE_ENV=production',
    ]);
    expect(
      parseCollectorConfig({ DATABASE_URL, NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) })
        .authSecret,
    ).toBe('x'.repeat(40));
  });

  it('treats blank variables as unset', () => {
    expect(
      parseCollectorConfig({
        DATABASE_URL,
        DATA_DIR,
        COLLECTOR_PORT: ' ',
        COLLECTOR_TRUST_PROXY: '',
        TRUST_PROXY: '1',
      }),
    ).toMatchObject({ port: 3001, trustProxy: 1 });
  });
});
