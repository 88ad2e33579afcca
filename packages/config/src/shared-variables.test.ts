import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installationSecretsFile } from './installation-secrets';
import { type Env, parseEnv } from './parse-env';
import { SHARED_VARIABLES, secretVariables } from './shared-variables';
import { problemsOf } from './testing/problems-of';

const DATABASE_URL = 'postgres://user:hunter2@127.0.0.1:5432/coursepack';

describe('SHARED_VARIABLES', () => {
  it('has the documented defaults', () => {
    expect(parseEnv({ DATABASE_URL }, SHARED_VARIABLES)).toEqual({
      DATABASE_URL,
      WEB_PORT: 3000,
      COLLECTOR_PORT: 3001,
      MEDIA_PORT: 3002,
      MEDIA_BASE_URL: undefined,
      MEDIA_API_URL: undefined,
      MEDIA_CLOUD_NAME: 'coursepack',
      TRACKING_PATH: '/events',
      UPLOAD_MAX_BYTES: 52_428_800,
      DATA_DIR: path.resolve('data'),
      TRUST_PROXY: false,
    });
  });

  it('accepts what the services accepted', () => {
    const value = parseEnv(
      {
        DATABASE_URL: 'postgresql://localhost/coursepack',
        MEDIA_CLOUD_NAME: 'My_Cloud-1',
        TRACKING_PATH: "/t/collect.v1/~a!$&'()*+,;=:@%",
        DATA_DIR: '/srv/data',
      },
      SHARED_VARIABLES,
    );
    expect(value).toMatchObject({
      MEDIA_CLOUD_NAME: 'My_Cloud-1',
      TRACKING_PATH: "/t/collect.v1/~a!$&'()*+,;=:@%",
      DATA_DIR: '/srv/data',
    });
  });

  it('names each bad shared variable on its own line, never showing DATABASE_URL', () => {
    expect(
      problemsOf(() =>
        parseEnv(
          {
            DATABASE_URL: 'mysql://user:hunter2@db/coursepack',
            MEDIA_PORT: '99999',
            MEDIA_BASE_URL: 'nope',
            MEDIA_CLOUD_NAME: '-cloud',
            TRACKING_PATH: '/a//b',
            UPLOAD_MAX_BYTES: '10',
            TRUST_PROXY: 'maybe',
          },
          SHARED_VARIABLES,
        ),
      ),
    ).toEqual([
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
      'MEDIA_PORT must be an integer between 1 and 65535 (got "99999")',
      'MEDIA_BASE_URL must be an http(s) URL (got "nope")',
      'MEDIA_CLOUD_NAME must be 1–64 letters, digits, "-" or "_", starting with a letter or digit (got "-cloud")',
      'TRACKING_PATH must start with "/" and be a plain URL path (got "/a//b")',
      'UPLOAD_MAX_BYTES must be a number of bytes between 1024 and 2147483648 (got "10")',
      'TRUST_PROXY must be true, false, a hop count, or comma-separated proxy addresses/CIDRs (got "maybe")',
    ]);
    expect(problemsOf(() => parseEnv({}, SHARED_VARIABLES))).toEqual([
      'DATABASE_URL is required: a postgres:// or postgresql:// URL',
    ]);
    expect(
      problemsOf(() => parseEnv({ DATABASE_URL, TRACKING_PATH: 'events' }, SHARED_VARIABLES)),
    ).toEqual(['TRACKING_PATH must start with "/" and be a plain URL path (got "events")']);
  });
});

describe('secretVariables', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'coursepack-config-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const parseSecrets = (env: Env) => parseEnv(env, secretVariables(env));

  it('generates each installation its own secrets outside production, once, in DATA_DIR', () => {
    const secrets = parseSecrets({ DATA_DIR: dataDir });
    expect(secrets.AUTH_SECRET).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secrets.MEDIA_API_KEY).toMatch(/^[0-9a-f]{24}$/);
    expect(secrets.MEDIA_API_SECRET).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secrets.MEDIA_API_SECRET).not.toBe(secrets.AUTH_SECRET);
    expect(parseSecrets({ DATA_DIR: dataDir })).toEqual(secrets);
    expect(parseSecrets({ DATA_DIR: path.join(dataDir, 'another') })).not.toEqual(secrets);
    expect(Object.values(secrets)).not.toContain(
      'coursepack-development-secret-do-not-use-in-production',
    );
  });

  it('takes the operator’s values over the generated ones, blank meaning unset', () => {
    const generated = parseSecrets({ DATA_DIR: dataDir });
    expect(
      parseSecrets({ DATA_DIR: dataDir, AUTH_SECRET: 'o'.repeat(32), MEDIA_API_KEY: ' ' }),
    ).toEqual({ ...generated, AUTH_SECRET: 'o'.repeat(32) });
  });

  it('refuses unset secrets in production, one line each, without generating any', () => {
    expect(
      problemsOf(() =>
        parseSecrets({ NODE_ENV: 'production', DATA_DIR: dataDir, AUTH_SECRET: ' ' }),
      ),
    ).toEqual([
      'AUTH_SECRET is required when NODE_ENV=production',
      'MEDIA_API_KEY is required when NODE_ENV=production',
      'MEDIA_API_SECRET is required when NODE_ENV=production',
    ]);
    expect(existsSync(installationSecretsFile(dataDir))).toBe(false);
  });

  it('refuses short secrets in any mode without showing them', () => {
    for (const NODE_ENV of ['development', 'production']) {
      expect(
        problemsOf(() =>
          parseSecrets({
            NODE_ENV,
            AUTH_SECRET: 'short',
            MEDIA_API_KEY: 'k',
            MEDIA_API_SECRET: 'seven77',
          }),
        ),
      ).toEqual([
        'AUTH_SECRET must be at least 32 characters',
        'MEDIA_API_SECRET must be at least 8 characters',
      ]);
    }
  });

  it('takes the operator’s secrets in production', () => {
    const secrets = {
      AUTH_SECRET: 'x'.repeat(32),
      MEDIA_API_KEY: 'k',
      MEDIA_API_SECRET: 'eight888',
    };
    expect(parseSecrets({ NODE_ENV: 'production', ...secrets })).toEqual(secrets);
  });

  it('names the unset secrets and what is wrong with a secrets file it cannot use', async () => {
    const file = installationSecretsFile(dataDir);
    await writeFile(file, 'not json', { mode: 0o600 });
    expect(
      problemsOf(() => parseSecrets({ DATA_DIR: dataDir, AUTH_SECRET: 'a'.repeat(32) })),
    ).toEqual(
      ['MEDIA_API_KEY', 'MEDIA_API_SECRET'].map(
        (name) =>
          `${name} is not set, and ${file} is not a valid secrets file (bad or missing: AUTH_SECRET, MEDIA_API_KEY, MEDIA_API_SECRET): it must be a JSON object of AUTH_SECRET, MEDIA_API_KEY, MEDIA_API_SECRET; fix it, or delete it to generate new secrets`,
      ),
    );
  });
});
