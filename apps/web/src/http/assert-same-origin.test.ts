import { describe, expect, it } from 'vitest';
import { AppError } from '@/errors/app-error';
import { assertSameOrigin } from '@/http/assert-same-origin';

const SITE = 'https://coursepack.example';

function request(headers: Record<string, string>): Request {
  return new Request(`${SITE}/api/documents`, { method: 'POST', headers });
}

function refusal(headers: Record<string, string>): AppError | undefined {
  try {
    assertSameOrigin(request(headers), SITE);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('assertSameOrigin', () => {
  it('accepts the site’s own origin, and the host the request was sent to', () => {
    expect(refusal({ origin: SITE })).toBeUndefined();
    expect(refusal({ origin: 'http://localhost:4200', host: 'localhost:4200' })).toBeUndefined();
    expect(
      refusal({ origin: 'https://preview.example', 'x-forwarded-host': 'preview.example' }),
    ).toBeUndefined();
  });

  it('refuses another site with 403', () => {
    expect(refusal({ origin: 'https://evil.example' })?.status).toBe(403);
    expect(refusal({ origin: 'null' })?.status).toBe(403);
  });

  it('accepts a client that sends no Origin, unless the browser says it is cross-site', () => {
    expect(refusal({})).toBeUndefined();
    expect(refusal({ 'sec-fetch-site': 'cross-site' })?.status).toBe(403);
  });
});
