import { getViewer } from '@/auth/get-viewer';
import { errorResponse } from '@/lib/app-error';
import { assertSameOrigin } from '@/lib/assert-same-origin';
import { parseRouteId } from '@/lib/parse-route-id';
import { getConfig, getDbNow } from '@/lib/server-context';
import { readToggleForm, toggleFormResponse } from '@/lib/toggle-form-response';
import { bookmarkDocument } from '@/members/bookmark-document';
import { removeBookmark } from '@/members/remove-bookmark';

type Context = { params: Promise<{ id: string }> };

async function setBookmarked(request: Request, context: Context, bookmarked: boolean) {
  assertSameOrigin(request, getConfig().siteUrl);
  const documentId = parseRouteId((await context.params).id, 'document');
  const change = bookmarked ? bookmarkDocument : removeBookmark;
  return change(getDbNow(), await getViewer(), { documentId });
}

// PUT /api/documents/[id]/bookmark – bookmark a document (idempotent); answers { bookmarked }
export async function PUT(request: Request, context: Context): Promise<Response> {
  try {
    return Response.json(await setBookmarked(request, context, true));
  } catch (error) {
    return errorResponse(error);
  }
}

// DELETE /api/documents/[id]/bookmark – remove the bookmark (idempotent)
export async function DELETE(request: Request, context: Context): Promise<Response> {
  try {
    return Response.json(await setBookmarked(request, context, false));
  } catch (error) {
    return errorResponse(error);
  }
}

// POST /api/documents/[id]/bookmark – the bookmark button's form without JavaScript
export async function POST(request: Request, context: Context): Promise<Response> {
  let next = '/';
  try {
    const form = await readToggleForm(request);
    next = form.next;
    await setBookmarked(request, context, form.on);
    return toggleFormResponse(next);
  } catch (error) {
    return toggleFormResponse(next, error);
  }
}
