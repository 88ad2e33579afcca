import sharp, { type Metadata } from 'sharp';
import { AppError } from '@/errors/app-error';
import { formatBytes } from '@/format/format-numbers';

export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The media service's default source limit; refusing here gives the member a better message. */
export const IMAGE_UPLOAD_MAX_PIXELS = 50_000_000;

const ACCEPTED: Record<string, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  heif: 'avif',
};

/**
 * Checks an uploaded image by its content, never its name or declared type: a JPEG, PNG, WebP,
 * GIF or AVIF of at most 10 MB and 50 megapixels. Returns the extension to store it under.
 */
export async function checkImageUpload(
  file: Uint8Array,
  label: string,
): Promise<{ extension: string; width: number; height: number }> {
  if (file.byteLength === 0) throw new AppError('bad_request', `The ${label} file is empty.`);
  if (file.byteLength > IMAGE_UPLOAD_MAX_BYTES) {
    throw new AppError(
      'payload_too_large',
      `The ${label} is ${formatBytes(file.byteLength)}; the limit is ${formatBytes(IMAGE_UPLOAD_MAX_BYTES)}.`,
    );
  }
  const unsupported = new AppError(
    'unsupported_media_type',
    `The ${label} must be a JPEG, PNG, WebP, GIF or AVIF image; this file is not one.`,
  );
  let metadata: Metadata;
  try {
    // Reads the header only: no pixels are decoded, so an oversized image costs nothing here.
    metadata = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported;
  }
  const extension = ACCEPTED[metadata.format ?? ''];
  const { width, height } = metadata;
  if (!extension || !width || !height) throw unsupported;
  if (width * height > IMAGE_UPLOAD_MAX_PIXELS) {
    throw new AppError(
      'payload_too_large',
      `The ${label} is ${width}×${height} pixels; the limit is 50 megapixels.`,
    );
  }
  return { extension, width, height };
}
