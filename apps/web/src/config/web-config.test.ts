import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  installationSecretsFile,
  readOrCreateInstallationSecrets,
} from '@coursepack/config/installation-secrets';
import { afterAll, describe, expect, it } from 'vitest';
import { parseWebConfig } from './web-config';

// Where a configuration without secrets keeps the generated ones: never the repository's.
const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'coursepack-web-config-'));
afterAll(() => rmSync(DATA_DIR, { recursive: true, force: true }));

const valid = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/coursepack', DATA_DIR };

describe('parseWebConfig', () => {
  it('fills the documented defaults, with the installation’s generated secrets', () => {
    const generated = readOrCreateInstallationSecrets(installationSecretsFile(DATA_DIR));
    expect(parseWebConfig(valid)).toMatchObject({
      databaseUrl: valid.DATABASE_URL,
      port: 3000,
      siteUrl: 'http://localhost:3000',
      mediaBaseUrl: 'http://localhost:3002',
      mediaCloudName: 'coursepack',
      trackingEndpoint: 'http://localhost:3001/events',
      trackingEnvironment: 'development',
      trackingApp: 'coursepack-web',
      trackingUrlPathVersion: 'v1',
      mediaApi: {
        apiBaseUrl: 'http://127.0.0.1:3002',
        cloudName: 'coursepack',
        apiKey: generated.MEDIA_API_KEY,
        apiSecret: generated.MEDIA_API_SECRET,
      },
      auth: {
        secret: generated.AUTH_SECRET,
        rateLimit: true,
        requireEmailVerification: false,
        adminEmails: [],
        github: null,
        google: null,
      },
      uploadMaxBytes: 50 * 1024 * 1024,
      trustProxy: false,
    });
  });

  it('reads TRUST_PROXY in the collector grammar and names a bad value', () => {
    expect(parseWebConfig({ ...valid, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseWebConfig({ ...valid, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseWebConfig({ ...valid, TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => parseWebConfig({ ...valid, TRUST_PROXY: 'yes please' })).toThrow(
      'TRUST_PROXY must be true, false, a hop count, or comma-separated proxy addresses/CIDRs (got "yes please")',
    );
    expect(() => parseWebConfig({ ...valid, TRUST_PROXY: '10.0.0.0/33' })).toThrow('TRUST_PROXY');
  });

  it('takes the tracked app and URL scheme version from configuration', () => {
    const config = parseWebConfig({
      ...valid,
      TRACKING_APP: 'coursepack-beta',
      TRACKING_URL_PATH_VERSION: 'v2',
    });
    expect(config).toMatchObject({ trackingApp: 'coursepack-beta', trackingUrlPathVersion: 'v2' });
    expect(() => parseWebConfig({ ...valid, TRACKING_APP: 'Has Spaces' })).toThrow(
      'TRACKING_APP must be 1–40 lower-case letters, digits, "-" or "_" (got "Has Spaces")',
    );
  });

  it('reads the sign-in and upload settings', () => {
    const config = parseWebConfig({
      ...valid,
      AUTH_SECRET: 'x'.repeat(32),
      ADMIN_EMAILS: ' Root@Example.org, second@example.org ',
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 'secret',
      UPLOAD_MAX_BYTES: '1048576',
    });
    expect(config.auth).toMatchObject({
      secret: 'x'.repeat(32),
      adminEmails: ['root@example.org', 'second@example.org'],
      github: { clientId: 'id', clientSecret: 'secret' },
    });
    expect(config.uploadMaxBytes).toBe(1048576);
  });

  it('names each bad sign-in and upload variable', () => {
    const attempt = () =>
      parseWebConfig({
        ...valid,
        AUTH_SECRET: 'short',
        ADMIN_EMAILS: 'root@example.org,not-an-address',
        GOOGLE_CLIENT_ID: 'id-without-secret',
        UPLOAD_MAX_BYTES: '12abc',
      });
    expect(attempt).toThrow('AUTH_SECRET must be at least 32 characters\n');
    expect(attempt).toThrow('ADMIN_EMAILS must be a comma-separated list of email addresses');
    expect(attempt).toThrow('GOOGLE_CLIENT_SECRET is required when GOOGLE_CLIENT_ID is set');
    expect(attempt).toThrow(
      'UPLOAD_MAX_BYTES must be a number of bytes between 1024 and 2147483648 (got "12abc")',
    );
  });

  it('names each bad variable on a line of its own', () => {
    const attempt = () =>
      parseWebConfig({
        DATA_DIR,
        DATABASE_URL: 'mysql://x',
        WEB_PORT: 'abc',
        MEDIA_BASE_URL: 'ftp://media',
      });
    expect(attempt).toThrow(
      [
        'DATABASE_URL must be a postgres:// or postgresql:// URL',
        'WEB_PORT must be an integer between 1 and 65535 (got "abc")',
        'MEDIA_BASE_URL must be an http(s) URL (got "ftp://media")',
      ].join('\n'),
    );
  });

  it('rejects ports outside the valid range', () => {
    expect(() => parseWebConfig({ ...valid, WEB_PORT: '70000' })).toThrow(/^WEB_PORT must be/);
  });

  it('says DATABASE_URL is required when missing', () => {
    expect(() => parseWebConfig({ DATA_DIR })).toThrow(/^DATABASE_URL is required/);
    expect(() => parseWebConfig({ DATA_DIR, DATABASE_URL: ' ' })).toThrow(
      /^DATABASE_URL is required/,
    );
  });

  it('points tracking at the collector port and path unless an endpoint is given', () => {
    const derived = parseWebConfig({ ...valid, COLLECTOR_PORT: '4001', TRACKING_PATH: '/collect' });
    expect(derived.trackingEndpoint).toBe('http://localhost:4001/collect');
    const explicit = parseWebConfig({
      ...valid,
      TRACKING_ENDPOINT: 'https://t.coursepack.example/events',
    });
    expect(explicit.trackingEndpoint).toBe('https://t.coursepack.example/events');
    expect(() => parseWebConfig({ ...valid, TRACKING_PATH: 'events' })).toThrow(
      'TRACKING_PATH must start with "/" and be a plain URL path (got "events")',
    );
  });

  it('drops a trailing slash from public URLs', () => {
    expect(parseWebConfig({ ...valid, SITE_URL: 'https://coursepack.example/' }).siteUrl).toBe(
      'https://coursepack.example',
    );
  });

  it('reads every rate limit from its LIMIT_ variable and refuses a bad one at start', () => {
    const config = parseWebConfig({ ...valid, LIMIT_OWNER_UPLOADS_PER_HOUR: '5000' });
    expect(config.limits.ownerUploadsPerMember).toEqual({ max: 5000, windowSeconds: 3600 });
    expect(config.limits.uploadsPerMember).toEqual({ max: 60, windowSeconds: 3600 });
    expect(() => parseWebConfig({ ...valid, LIMIT_COURSES_PER_HOUR: '2.5' })).toThrow(
      'LIMIT_COURSES_PER_HOUR must be an integer between 1 and 1000000 (got "2.5")',
    );
  });

  it('lists the other origins of the site: SITE_ALIASES, and the loopback twins of a loopback SITE_URL', () => {
    expect(parseWebConfig(valid).siteAliases).toEqual([
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(
      parseWebConfig({
        ...valid,
        SITE_URL: 'https://coursepack.example',
        SITE_ALIASES:
          ' https://www.coursepack.example , http://192.168.1.20:3000,https://coursepack.example',
      }).siteAliases,
    ).toEqual(['https://www.coursepack.example', 'http://192.168.1.20:3000']);
    expect(() =>
      parseWebConfig({ ...valid, SITE_ALIASES: 'https://www.coursepack.example/, *' }),
    ).toThrow(
      'SITE_ALIASES must be comma-separated origins like https://coursepack.dev (scheme, host, optional port; no "*", path or trailing slash); bad: https://www.coursepack.example/, *',
    );
  });

  it('treats blank variables as unset', () => {
    expect(
      parseWebConfig({ ...valid, SITE_URL: '', TRACKING_PATH: ' ', MEDIA_API_KEY: '' }),
    ).toMatchObject({
      siteUrl: 'http://localhost:3000',
      trackingEndpoint: 'http://localhost:3001/events',
      mediaApi: {
        apiKey: readOrCreateInstallationSecrets(installationSecretsFile(DATA_DIR)).MEDIA_API_KEY,
      },
    });
  });

  describe('in production (NODE_ENV=production)', () => {
    const production = { ...valid, NODE_ENV: 'production' };
    const secrets = {
      AUTH_SECRET: 'an-operator-secret-of-at-least-32-chars',
      MEDIA_API_KEY: 'operator-key',
      MEDIA_API_SECRET: 'operator-secret',
    };

    it('refuses to run without the operator’s secrets, one line per missing secret', () => {
      expect(() => parseWebConfig({ ...production, GITHUB_CLIENT_ID: 'id' })).toThrow(
        [
          'MEDIA_API_KEY is required when NODE_ENV=production',
          'MEDIA_API_SECRET is required when NODE_ENV=production',
          'AUTH_SECRET is required when NODE_ENV=production',
          'GITHUB_CLIENT_SECRET is required when GITHUB_CLIENT_ID is set',
        ].join('\n'),
      );
    });

    it('runs on the operator’s secrets', () => {
      const config = parseWebConfig({ ...production, ...secrets });
      expect(config.auth.secret).toBe(secrets.AUTH_SECRET);
      expect(config.mediaApi).toMatchObject({
        apiKey: 'operator-key',
        apiSecret: 'operator-secret',
      });
    });
  });
});
