import { vi } from 'vitest';

/**
 * Stubs fetch to refuse every call as the API refuses a bad request: 400 with its message and
 * each field's problem.
 */
export function stubFetchRefusing(message: string, fields: Record<string, string>): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({ error: { code: 'bad_request', message, fields } }, { status: 400 }),
    ),
  );
}
