import { AppError } from '@/lib/app-error';
import { formatBytes } from '@/lib/format';

/** Room for the form's other fields and the multipart framing beside the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads a multipart upload without ever holding more than the limit: a declared
 * `Content-Length` over it is refused before the body is read, and a body without one (chunked)
 * is cut off as soon as it passes the limit.
 */
export async function readUploadForm(request: Request, maxFileBytes: number): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new AppError('unsupported_media_type', 'Send the upload as multipart/form-data.');
  }
  const maxBodyBytes = maxFileBytes + FORM_OVERHEAD_BYTES;
  const tooLarge = new AppError(
    'payload_too_large',
    `The file is too large; the limit is ${formatBytes(maxFileBytes)}.`,
  );
  if (Number(request.headers.get('content-length') ?? 0) > maxBodyBytes) throw tooLarge;
  if (!request.body) throw new AppError('bad_request', 'Choose a PDF file to upload.');

  let received = 0;
  const limited = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > maxBodyBytes) controller.error(tooLarge);
        else controller.enqueue(chunk);
      },
    }),
  );
  try {
    return await new Response(limited, { headers: { 'content-type': contentType } }).formData();
  } catch {
    if (received > maxBodyBytes) throw tooLarge;
    throw new AppError('bad_request', 'The upload could not be read as a form; send it again.');
  }
}

/** The form's file, or null when none was chosen (browsers send an empty, nameless part). */
export async function readFormFile(
  form: FormData,
  name: string,
): Promise<{ bytes: Uint8Array; name: string } | null> {
  const file = form.get(name);
  if (!(file instanceof File) || (file.size === 0 && file.name === '')) return null;
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name };
}
