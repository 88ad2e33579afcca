import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './parse-env';
import {
  DEVELOPMENT_SECRETS,
  developmentSecretsWarnings,
  SHARED_VARIABLES,
  secretVariables,
} from './shared-variables';
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
  it('falls back to the development values outside production', () => {
    expect(parseEnv({}, secretVariables(false))).toEqual(DEVELOPMENT_SECRETS);
  });

  it('refuses unset secrets in production, one line each', () => {
    expect(problemsOf(() => parseEnv({ AUTH_SECRET: ' ' }, secretVariables(true)))).toEqual([
      'AUTH_SECRET is required when NODE_ENV=production',
      'MEDIA_API_KEY is required when NODE_ENV=production',
      'MEDIA_API_SECRET is required when NODE_ENV=production',
    ]);
  });

  it('refuses short secrets in any mode without showing them', () => {
    for (const production of [false, true]) {
      expect(
        problemsOf(() =>
          parseEnv(
            { AUTH_SECRET: 'short', MEDIA_API_KEY: 'k', MEDIA_API_SECRET: 'seven77' },
            secretVariables(production),
          ),
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
    expect(parseEnv(secrets, secretVariables(true))).toEqual(secrets);
  });
});

describe('developmentSecretsWarnings', () => {
  it('names the secrets that are development values, in one line', () => {
    expect(developmentSecretsWarnings(DEVELOPMENT_SECRETS)).toEqual([
      'AUTH_SECRET, MEDIA_API_KEY, MEDIA_API_SECRET: the development values published in the source; set your own before real visitors arrive',
    ]);
    expect(
      developmentSecretsWarnings({
        AUTH_SECRET: DEVELOPMENT_SECRETS.AUTH_SECRET,
        MEDIA_API_KEY: 'k',
      }),
    ).toEqual([
      'AUTH_SECRET: the development value published in the source; set your own before real visitors arrive',
    ]);
    expect(developmentSecretsWarnings({ AUTH_SECRET: 'x'.repeat(32) })).toEqual([]);
  });
});
