import { getViewer } from '@/auth/get-viewer';
import { getEditableCourse } from '@/courses/get-editable-course';
import { uploadCourseCover } from '@/courses/upload-course-cover';
import { errorResponse } from '@/lib/app-error';
import { assertSameOrigin } from '@/lib/assert-same-origin';
import { coverImageUrl } from '@/lib/media-urls';
import { parseRouteId } from '@/lib/parse-route-id';
import { readFormFile } from '@/lib/read-form-file';
import { getConfig, getDbNow } from '@/lib/server-context';

type Context = { params: Promise<{ id: string }> };

// POST /api/courses/[id]/cover – replace a course's cover image (multipart field "file")
export async function POST(request: Request, { params }: Context): Promise<Response> {
  try {
    const config = getConfig();
    assertSameOrigin(request, config.siteUrl);
    const courseId = parseRouteId((await params).id, 'course');
    const db = getDbNow();
    const viewer = await getViewer();
    // Permission before the body: a stranger's upload is answered without reading it.
    await getEditableCourse(db, viewer, courseId);
    const file = await readFormFile(request, 'cover');
    const { coverAssetId } = await uploadCourseCover(db, config.mediaApi, viewer, {
      courseId,
      file,
    });
    return Response.json({ coverAssetId, coverUrl: coverImageUrl(coverAssetId) });
  } catch (error) {
    return errorResponse(error);
  }
}
