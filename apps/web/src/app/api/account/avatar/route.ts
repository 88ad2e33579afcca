import { getViewer } from '@/auth/get-viewer';
import { AppError, errorResponse } from '@/lib/app-error';
import { assertSameOrigin } from '@/lib/assert-same-origin';
import { avatarUrl } from '@/lib/media-urls';
import { readFormFile } from '@/lib/read-form-file';
import { getConfig, getDbNow } from '@/lib/server-context';
import { uploadAvatar } from '@/members/upload-avatar';

// POST /api/account/avatar – replace the signed-in member's avatar (multipart field "file")
export async function POST(request: Request): Promise<Response> {
  try {
    const config = getConfig();
    assertSameOrigin(request, config.siteUrl);
    const viewer = await getViewer();
    // Before the body is read: an anonymous upload costs us nothing.
    if (!viewer) throw new AppError('unauthorized', 'Sign in to change your avatar.');
    const file = await readFormFile(request, 'avatar');
    const { image } = await uploadAvatar(getDbNow(), config.mediaApi, viewer, { file });
    return Response.json({ image, avatarUrl: avatarUrl(image) });
  } catch (error) {
    return errorResponse(error);
  }
}
