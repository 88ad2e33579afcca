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

/** The JSON body and status for any thrown value; unknown errors are logged, not shown. */
export function toErrorBody(error: unknown): { status: number; body: ErrorBody } {
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
  return Response.json(body, { status, headers: retryAfterHeader(error) });
}

/** A 429 says when to come back, in the header clients and proxies understand. */
function retryAfterHeader(error: unknown): Record<string, string> {
  const seconds = error instanceof AppError ? error.details?.retryAfterSeconds : undefined;
  return typeof seconds === 'number' ? { 'Retry-After': String(seconds) } : {};
}
