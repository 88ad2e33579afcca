import { describe, expect, it } from 'vitest';
import { parseWebConfig } from './web-config';

const valid = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/coursepack' };

describe('parseWebConfig', () => {
  it('fills the documented defaults', () => {
    expect(parseWebConfig(valid)).toEqual({
      databaseUrl: valid.DATABASE_URL,
      port: 3000,
      siteUrl: 'http://localhost:3000',
      mediaBaseUrl: 'http://localhost:3002',
      mediaCloudName: 'coursepack',
      trackingEndpoint: 'http://localhost:3001/events',
      trackingEnvironment: 'development',
    });
  });

  it('names each bad variable on a line of its own', () => {
    const attempt = () =>
      parseWebConfig({ DATABASE_URL: 'mysql://x', WEB_PORT: 'abc', MEDIA_BASE_URL: 'ftp://media' });
    expect(attempt).toThrow(
      [
        'DATABASE_URL must be a postgres:// URL (got "mysql://x")',
        'WEB_PORT must be an integer between 1 and 65535 (got "abc")',
        'MEDIA_BASE_URL must be an http(s) URL (got "ftp://media")',
      ].join('\n'),
    );
  });

  it('rejects ports outside the valid range', () => {
    expect(() => parseWebConfig({ ...valid, WEB_PORT: '70000' })).toThrow(/^WEB_PORT must be/);
  });

  it('says DATABASE_URL is required when missing', () => {
    expect(() => parseWebConfig({})).toThrow(/^DATABASE_URL is required/);
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
      'TRACKING_PATH must be a path starting with "/" (got "events")',
    );
  });

  it('drops a trailing slash from public URLs', () => {
    expect(parseWebConfig({ ...valid, SITE_URL: 'https://coursepack.example/' }).siteUrl).toBe(
      'https://coursepack.example',
    );
  });
});
