import { getViewer } from '@/auth/get-viewer';
import { canCreateCourse } from '@/auth/permissions';
import { coursePath } from '@/catalog/refs';
import { createCourse } from '@/courses/create-course';
import { AppError } from '@/errors/app-error';
import { assertSameOrigin } from '@/http/assert-same-origin';
import { errorResponse } from '@/http/error-response';
import { readJsonBody } from '@/http/read-json-body';
import { getConfig, getDbNow } from '@/server/server-context';

// POST /api/courses – create a course (published, owned by the signed-in member)
export async function POST(request: Request): Promise<Response> {
  try {
    assertSameOrigin(request, getConfig().siteUrl);
    const viewer = await getViewer();
    // Before the body is read: an anonymous request costs us nothing.
    if (!canCreateCourse(viewer)) throw new AppError('unauthorized', 'Sign in to create a course.');
    const course = await createCourse(getDbNow(), viewer, await readJsonBody(request));
    return Response.json({ course: { ...course, path: coursePath(course) } }, { status: 201 });
  } catch (error) {
    return errorResponse(error);
  }
}
