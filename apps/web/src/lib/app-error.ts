import { RETRY_AFTER_SECONDS, reportDatabaseError } from './database-health';

export const DATABASE_UNAVAILABLE_MESSAGE =
  'Coursepack cannot reach its database right now; try again in a few seconds.';

/**
 * The one error type of the web app's domain code. Route handlers and server actions turn any
 * thrown error into `{ error: { code, message } }` with the status of its code, so a caller
 * always learns what was wrong in words, and an unexpected error never leaks its internals.
 */
export const APP_ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  /** PostgreSQL is unreachable (refused, restarting, timed out): try again shortly. */
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** Extra facts a client can act on, e.g. the existing document of a duplicate upload. */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: AppErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

export interface ErrorBody {
  error: { code: AppErrorCode; message: string } & Record<string, unknown>;
}

/**
 * The JSON body and status for any thrown value; unknown errors are logged, not shown. An error
 * that says the database is unreachable is a 503 (and raises the flag `proxy.ts` reads), so
 * clients learn to retry rather than that something is broken.
 */
export function toErrorBody(error: unknown): { status: number; body: ErrorBody } {
  if (reportDatabaseError(error)) {
    console.error(`Database unreachable: ${String(error)}`);
    return toErrorBody(new AppError('unavailable', DATABASE_UNAVAILABLE_MESSAGE));
  }
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: { error: { ...error.details, code: error.code, message: error.message } },
    };
  }
  console.error(error);
  return {
    status: 500,
    body: { error: { code: 'internal', message: 'Something went wrong on our side; try again.' } },
  };
}

export function errorResponse(error: unknown): Response {
  const { status, body } = toErrorBody(error);
  return Response.json(body, { status, headers: errorHeaders(status, error) });
}

/** Headers of an error answer: a 503, or a 429 that knows its wait, says when to try again. */
export function errorHeaders(status: number, error?: unknown): Record<string, string> {
  if (status === 503) return { 'retry-after': String(RETRY_AFTER_SECONDS) };
  const seconds = error instanceof AppError ? error.details?.retryAfterSeconds : undefined;
  return typeof seconds === 'number' ? { 'retry-after': String(seconds) } : {};
}
