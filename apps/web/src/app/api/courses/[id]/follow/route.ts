import { getViewer } from '@/auth/get-viewer';
import { errorResponse } from '@/lib/app-error';
import { assertSameOrigin } from '@/lib/assert-same-origin';
import { parseRouteId } from '@/lib/parse-route-id';
import { getConfig, getDbNow } from '@/lib/server-context';
import { readToggleForm, toggleFormResponse } from '@/lib/toggle-form-response';
import { followCourse } from '@/members/follow-course';
import { unfollowCourse } from '@/members/unfollow-course';

type Context = { params: Promise<{ id: string }> };

async function setFollowing(request: Request, context: Context, following: boolean) {
  assertSameOrigin(request, getConfig().siteUrl);
  const courseId = parseRouteId((await context.params).id, 'course');
  const change = following ? followCourse : unfollowCourse;
  return change(getDbNow(), await getViewer(), { courseId });
}

// PUT /api/courses/[id]/follow – follow a course (idempotent); answers { following, followers }
export async function PUT(request: Request, context: Context): Promise<Response> {
  try {
    return Response.json(await setFollowing(request, context, true));
  } catch (error) {
    return errorResponse(error);
  }
}

// DELETE /api/courses/[id]/follow – stop following (idempotent)
export async function DELETE(request: Request, context: Context): Promise<Response> {
  try {
    return Response.json(await setFollowing(request, context, false));
  } catch (error) {
    return errorResponse(error);
  }
}

// POST /api/courses/[id]/follow – the follow button's form without JavaScript (intent=on|off)
export async function POST(request: Request, context: Context): Promise<Response> {
  let next = '/';
  try {
    const form = await readToggleForm(request);
    next = form.next;
    await setFollowing(request, context, form.on);
    return toggleFormResponse(next);
  } catch (error) {
    return toggleFormResponse(next, error);
  }
}
