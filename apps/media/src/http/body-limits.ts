import type { MediaConfig } from '../config';
import { MediaError } from '../media-error';

/** The most bytes a request body may have: the largest file as base64 (a third more) and fields. */
export function maxBodyBytes(config: MediaConfig): number {
  return Math.ceil((config.maxUploadBytes * 4) / 3) + 1024 * 1024;
}

export function bodyTooLarge(config: MediaConfig, declared?: number): MediaError {
  const limit = maxBodyBytes(config);
  const files = `files of up to ${config.maxUploadBytes} bytes`;
  return new MediaError(
    'payload_too_large',
    declared === undefined
      ? `File size too large. The request body passed ${limit} bytes, the most accepted (${files}).`
      : `File size too large. The request body has ${declared} bytes; the most accepted is ${limit} (${files}).`,
  );
}

/** Framework errors (body limits, malformed multipart) in the service's own terms. */
export function fromFrameworkError(
  error: Error & { code?: string; statusCode?: number },
  config: MediaConfig,
): MediaError {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyTooLarge(config);
    case 'FST_REQ_FILE_TOO_LARGE':
      return new MediaError(
        'limit_exceeded',
        `File size too large. Maximum is ${config.maxUploadBytes}.`,
      );
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new MediaError('invalid_request', 'Too many form parts');
    default:
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        return new MediaError('invalid_request', error.message);
      }
      return new MediaError('derivation_failed', 'Internal error', { cause: error });
  }
}
