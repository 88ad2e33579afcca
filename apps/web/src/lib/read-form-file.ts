import { AppError } from './app-error';
import { IMAGE_UPLOAD_MAX_BYTES } from './check-image-upload';
import { formatBytes } from './format';
import { FORM_OVERHEAD_BYTES, readLimitedForm } from './read-limited-body';

/**
 * The bytes of the `file` field of an image upload form, reading no more than the image limit
 * and the form's framing (a 413 naming the limit past that), or a 400 saying what to send.
 */
export async function readFormFile(request: Request, label: string): Promise<Uint8Array> {
  const form = await readLimitedForm(
    request,
    {
      maxBytes: IMAGE_UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES,
      tooLargeMessage: `The ${label} is too large; the limit is ${formatBytes(IMAGE_UPLOAD_MAX_BYTES)}.`,
    },
    `Send the ${label} as multipart/form-data, field "file".`,
  );
  const file = form.get('file');
  if (!(file instanceof File)) {
    throw new AppError('bad_request', `Choose an image file to upload as the ${label}.`);
  }
  return new Uint8Array(await file.arrayBuffer());
}
