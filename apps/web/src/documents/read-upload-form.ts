import { AppError } from '@/errors/app-error';
import { formatBytes } from '@/format/format-numbers';
import { FORM_OVERHEAD_BYTES, readLimitedForm } from '@/http/read-limited-body';

/**
 * Reads a multipart upload without ever holding more than the file limit plus the form's framing
 * (`readLimitedBody`): a 413 naming the limit past that, declared or not.
 */
export async function readUploadForm(request: Request, maxFileBytes: number): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new AppError('unsupported_media_type', 'Send the upload as multipart/form-data.');
  }
  return readLimitedForm(
    request,
    {
      maxBytes: maxFileBytes + FORM_OVERHEAD_BYTES,
      tooLargeMessage: `The file is too large; the limit is ${formatBytes(maxFileBytes)}.`,
    },
    'The upload could not be read as a form; send it again.',
  );
}
