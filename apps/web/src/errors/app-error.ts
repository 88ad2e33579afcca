/**
 * The one error type of the web app's domain code. `http/error-response.ts` turns any thrown
 * error into `{ error: { code, message } }` with the status of its code, so a caller
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
