import { MediaError } from '../media-error';

export const MAX_PUBLIC_ID_LENGTH = 255;

/** Public ids are storage keys: refuse anything that could mean a different path. */
export function assertValidPublicId(publicId: string): void {
  const reject = (why: string) =>
    new MediaError('invalid_public_id', `Invalid public id ${JSON.stringify(publicId)}: ${why}`);
  if (publicId.length === 0) throw reject('it is empty');
  if (publicId.length > MAX_PUBLIC_ID_LENGTH) {
    throw reject(`longer than ${MAX_PUBLIC_ID_LENGTH} characters`);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are among the refused ones
  if (/[\u0000-\u001f\u007f\\<>:"|?*#%]/.test(publicId)) {
    throw reject('it contains a forbidden character');
  }
  for (const segment of publicId.split('/')) {
    if (segment === '') throw reject('it has an empty path segment');
    if (segment === '.' || segment === '..') throw reject('path traversal is not allowed');
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new MediaError(
      'invalid_public_id',
      `Invalid public id: malformed escape in "${segment}"`,
    );
  }
}

/** A public id's path segments as written in a URL, percent-escapes decoded. */
export function decodePublicIdSegments(segments: readonly string[]): string[] {
  const decoded = segments.map(decodeSegment);
  // An encoded `/` would make one URL segment two folders of the storage key.
  if (decoded.some((segment) => segment.includes('/'))) {
    throw new MediaError('invalid_public_id', 'Invalid public id: encoded "/" is not allowed');
  }
  return decoded;
}
