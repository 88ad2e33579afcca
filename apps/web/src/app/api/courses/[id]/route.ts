import { getViewer } from '@/auth/get-viewer';
import { coursePath } from '@/catalog/refs';
import { getEditableCourse } from '@/courses/get-editable-course';
import { updateCourse } from '@/courses/update-course';
import { assertSameOrigin } from '@/http/assert-same-origin';
import { errorResponse } from '@/http/error-response';
import { parseRouteId } from '@/http/parse-route-id';
import { readJsonBody } from '@/http/read-json-body';
import { getConfig, getDbNow } from '@/server/server-context';

type Context = { params: Promise<{ id: string }> };

// PATCH /api/courses/[id] – change a course's title, code, subject, institution or description
export async function PATCH(request: Request, { params }: Context): Promise<Response> {
  try {
    assertSameOrigin(request, getConfig().siteUrl);
    const courseId = parseRouteId((await params).id, 'course');
    const db = getDbNow();
    const viewer = await getViewer();
    // Permission before the body: a stranger's request is answered without reading it.
    await getEditableCourse(db, viewer, courseId);
    const changes = await readJsonBody(request);
    const course = await updateCourse(db, viewer, { courseId, changes });
    return Response.json({ course: { ...course, path: coursePath(course) } });
  } catch (error) {
    return errorResponse(error);
  }
}
