import { readUploadForm } from '@/documents/read-upload-form';
import { uploadDocument } from '@/documents/upload-document';
import { readFormFile } from '@/http/read-form-file';
import { route } from '@/http/route';
import { getConfig, getDbNow } from '@/server/server-context';
import { uploadDocumentContract } from './contract';

// POST /api/documents – upload a PDF to a course; the worker reads its text after the response
export const POST = route(uploadDocumentContract, async ({ request, viewer }) => {
  const config = getConfig();
  const form = await readUploadForm(request, config.uploadMaxBytes);
  const document = await uploadDocument(
    {
      db: getDbNow(),
      media: config.mediaApi,
      maxBytes: config.uploadMaxBytes,
      limits: config.limits,
    },
    viewer,
    {
      file: await readFormFile(form, 'file'),
      courseId: form.get('courseId'),
      title: form.get('title'),
      description: form.get('description'),
      kind: form.get('kind'),
      language: form.get('language'),
    },
  );
  return { document };
});
