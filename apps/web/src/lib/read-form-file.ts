import { AppError } from './app-error';

/** The bytes of the `file` field of a multipart form, or a 400 saying what to send. */
export async function readFormFile(request: Request, label: string): Promise<Uint8Array> {
  const form = await request.formData().catch(() => {
    throw new AppError('bad_request', `Send the ${label} as multipart/form-data, field "file".`);
  });
  const file = form.get('file');
  if (!(file instanceof File)) {
    throw new AppError('bad_request', `Choose an image file to upload as the ${label}.`);
  }
  return new Uint8Array(await file.arrayBuffer());
}
