/**
 * The one error type of the media service. Delivery answers put `message` in `x-cld-error`
 * (Cloudinary's convention); the upload API answers `{ "error": { "message" } }`.
 */
export type MediaErrorCode =
  /** A transformation the grammar does not accept (bad value, unknown parameter). */
  | 'invalid_transformation'
  /** A Cloudinary parameter this service does not implement. */
  | 'unsupported_transformation'
  /** A public id with path traversal, empty segments or forbidden characters. */
  | 'invalid_public_id'
  /** No asset under that public id, or a cloud name that is not ours. */
  | 'not_found'
  /**
   * Beyond a configured limit: output size, source pixels, file size, page count, chained
   * transformations, pixels processed, or a PDF's content, render time or memory.
   */
  | 'limit_exceeded'
  /** A request body larger than any upload may be (declared or counted as it arrives). */
  | 'payload_too_large'
  /** An upload that is not one of the allowed types (or is corrupt). */
  | 'unsupported_file_type'
  /** A missing or malformed upload API parameter. */
  | 'invalid_request'
  /** Unknown API key or a signature that does not match. */
  | 'invalid_signature'
  /** A signed request whose timestamp is more than an hour away from now. */
  | 'stale_request'
  /** Creating something that exists already (a named transformation). */
  | 'conflict'
  /** A `Range` outside the original's bytes. */
  | 'range_not_satisfiable'
  /** The derivation did not finish within its time budget; it keeps running. */
  | 'processing'
  /**
   * Not now, for a reason of the service's load rather than of the request (a PDF page past
   * its render deadline, a document paused by its circuit breaker): retry after `retryAfterSeconds`.
   */
  | 'unavailable'
  /** Decoding or encoding failed unexpectedly. */
  | 'derivation_failed';

const STATUS: Record<MediaErrorCode, number> = {
  invalid_transformation: 400,
  unsupported_transformation: 400,
  invalid_public_id: 400,
  not_found: 404,
  limit_exceeded: 400,
  payload_too_large: 413,
  unsupported_file_type: 400,
  invalid_request: 400,
  invalid_signature: 401,
  stale_request: 401,
  conflict: 409,
  range_not_satisfiable: 416,
  processing: 423,
  unavailable: 503,
  derivation_failed: 500,
};

export class MediaError extends Error {
  readonly code: MediaErrorCode;
  readonly status: number;
  /** When asking again may succeed (`Retry-After`), for `unavailable`. */
  readonly retryAfterSeconds?: number;

  constructor(
    code: MediaErrorCode,
    message: string,
    options?: ErrorOptions & { retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.name = 'MediaError';
    this.code = code;
    this.status = STATUS[code];
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

export function toMediaError(error: unknown): MediaError {
  if (error instanceof MediaError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new MediaError('derivation_failed', `Derivation failed: ${message}`, { cause: error });
}
