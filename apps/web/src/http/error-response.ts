import { AppError, type AppErrorCode } from '@/errors/app-error';
import { RETRY_AFTER_SECONDS, reportDatabaseError } from '@/server/database-health';

export const DATABASE_UNAVAILABLE_MESSAGE =
  'Coursepack cannot reach its database right now; try again in a few seconds.';

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
