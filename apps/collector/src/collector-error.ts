/**
 * The one error type of the collector, its codes, and the one mapping to an HTTP answer:
 * `{ "error": { "code", "message", "fields"? } }` with the status of the code.
 */
export type CollectorErrorCode =
  /** One or more fields of the event(s) are missing or invalid; `fields` names each. */
  | 'invalid_event'
  /** The body is declared as JSON but does not parse. */
  | 'invalid_json'
  /** No body at all. */
  | 'empty_body'
  /** The body is over the configured byte limit. */
  | 'body_too_large'
  /** Neither `application/json` nor `text/plain` holding JSON. */
  | 'unsupported_media_type'
  /** A method other than POST (and OPTIONS for preflight) on the tracking path. */
  | 'method_not_allowed'
  /** A browser request from an origin not in `TRACKING_ALLOWED_ORIGINS`. */
  | 'origin_not_allowed'
  /** No such route. */
  | 'not_found'
  /** The client sent more requests than the rate limit allows. */
  | 'rate_limited'
  /** PostgreSQL is unreachable or failing; nothing was stored, the client should retry. */
  | 'database_unavailable'
  /** More events are waiting for the database than the collector queues. */
  | 'overloaded'
  /** The collector is shutting down; retry (another replica, or this one restarted). */
  | 'shutting_down'
  /** Anything unexpected. */
  | 'internal';

const STATUS: Record<CollectorErrorCode, number> = {
  invalid_event: 400,
  invalid_json: 400,
  empty_body: 400,
  body_too_large: 413,
  unsupported_media_type: 415,
  method_not_allowed: 405,
  origin_not_allowed: 403,
  not_found: 404,
  rate_limited: 429,
  database_unavailable: 503,
  overloaded: 503,
  shutting_down: 503,
  internal: 500,
};

export interface FieldError {
  /** Path of the field: `type`, `cookie.session_id`, or `[3].doc_id` inside an array body. */
  field: string;
  message: string;
}

export interface CollectorErrorBody {
  error: { code: CollectorErrorCode; message: string; fields?: FieldError[] };
}

export class CollectorError extends Error {
  readonly code: CollectorErrorCode;
  /** Fastify and its plugins read `statusCode` from thrown errors. */
  readonly statusCode: number;
  readonly fields: FieldError[] | undefined;

  constructor(
    code: CollectorErrorCode,
    message: string,
    options?: ErrorOptions & { fields?: FieldError[] },
  ) {
    super(message, options);
    this.name = 'CollectorError';
    this.code = code;
    this.statusCode = STATUS[code];
    this.fields = options?.fields;
  }

  toBody(): CollectorErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
      },
    };
  }
}

/** Fastify's own error codes that reach the error handler, as collector errors. */
const FASTIFY_CODES: Record<string, CollectorErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported_media_type',
};

/** Any thrown value as a collector error (unknown ones become `internal`, details kept as cause). */
export function toCollectorError(error: unknown): CollectorError {
  if (error instanceof CollectorError) return error;
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
      ? FASTIFY_CODES[error.code]
      : undefined;
  if (code) return new CollectorError(code, describeFastifyError(code), { cause: error });
  // A JSON syntax error from the body parser (secure-json-parse throws SyntaxError, status 400).
  if (error instanceof SyntaxError || hasStatus(error, 400)) {
    return new CollectorError('invalid_json', 'The body is not valid JSON', { cause: error });
  }
  return new CollectorError('internal', 'Internal error', { cause: error });
}

function describeFastifyError(code: CollectorErrorCode): string {
  switch (code) {
    case 'body_too_large':
      return 'The body is over the size limit';
    case 'unsupported_media_type':
      return 'Send application/json, or text/plain holding JSON';
    case 'empty_body':
      return 'The body is empty';
    default:
      return 'The body is not valid JSON';
  }
}

function hasStatus(error: unknown, status: number): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    error.statusCode === status
  );
}
