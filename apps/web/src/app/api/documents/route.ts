import { getViewer } from '@/auth/get-viewer';
import { readUploadForm } from '@/documents/read-upload-form';
import { uploadDocument } from '@/documents/upload-document';
import { AppError } from '@/errors/app-error';
import { assertSameOrigin } from '@/http/assert-same-origin';
import { errorResponse } from '@/http/error-response';
import { readFormFile } from '@/http/read-form-file';
import { getConfig, getDbNow } from '@/server/server-context';

// POST /api/documents – upload a PDF to a course; the worker reads its text after the response
export async function POST(request: Request): Promise<Response> {
  try {
    const config = getConfig();
    assertSameOrigin(request, config.siteUrl);
    // Before the body is read: an anonymous upload costs us nothing.
    const viewer = await getViewer();
    if (!viewer) throw new AppError('unauthorized', 'Sign in to upload documents.');
    const form = await readUploadForm(request, config.uploadMaxBytes);
    const document = await uploadDocument(
      { db: getDbNow(), media: config.mediaApi, maxBytes: config.uploadMaxBytes },
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
    return Response.json({ document }, { status: 201 });
  } catch (error) {
    return errorResponse(error);
  }
}
