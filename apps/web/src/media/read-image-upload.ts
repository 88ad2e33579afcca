import { AppError } from '@/errors/app-error';
import { formatBytes } from '@/format/format-numbers';
import { readFormFile } from '@/http/read-form-file';
import { FORM_OVERHEAD_BYTES, readLimitedForm } from '@/http/read-limited-body';
import { IMAGE_UPLOAD_MAX_BYTES } from '@/media/check-image-upload';

/**
 * The bytes of the `file` field of an image upload form, reading no more than the image limit
 * and the form's framing (a 413 naming the limit past that), or a 400 saying what to send.
 */
export async function readImageUpload(request: Request, label: string): Promise<Uint8Array> {
  const form = await readLimitedForm(
    request,
    {
      maxBytes: IMAGE_UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES,
      tooLargeMessage: `The ${label} is too large; the limit is ${formatBytes(IMAGE_UPLOAD_MAX_BYTES)}.`,
    },
    `Send the ${label} as multipart/form-data, field "file".`,
  );
  const file = await readFormFile(form, 'file');
  if (!file) throw new AppError('bad_request', `Choose an image file to upload as the ${label}.`);
  return file.bytes;
}
