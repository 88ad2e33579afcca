import { getViewer } from '@/auth/get-viewer';
import { getEditableCourse } from '@/courses/get-editable-course';
import { uploadCourseCover } from '@/courses/upload-course-cover';
import { assertSameOrigin } from '@/http/assert-same-origin';
import { errorResponse } from '@/http/error-response';
import { parseRouteId } from '@/http/parse-route-id';
import { coverImageUrl } from '@/media/media-urls';
import { readImageUpload } from '@/media/read-image-upload';
import { getConfig, getDbNow } from '@/server/server-context';

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
    const file = await readImageUpload(request, 'cover');
    const { coverAssetId } = await uploadCourseCover(db, config.mediaApi, viewer, {
      courseId,
      file,
    });
    return Response.json({ coverAssetId, coverUrl: coverImageUrl(coverAssetId) });
  } catch (error) {
    return errorResponse(error);
  }
}
