import { getViewer } from '@/auth/get-viewer';
import { AppError } from '@/errors/app-error';
import { assertSameOrigin } from '@/http/assert-same-origin';
import { errorResponse } from '@/http/error-response';
import { avatarUrl } from '@/media/media-urls';
import { readImageUpload } from '@/media/read-image-upload';
import { uploadAvatar } from '@/members/upload-avatar';
import { getConfig, getDbNow } from '@/server/server-context';

// POST /api/account/avatar – replace the signed-in member's avatar (multipart field "file")
export async function POST(request: Request): Promise<Response> {
  try {
    const config = getConfig();
    assertSameOrigin(request, config.siteUrl);
    const viewer = await getViewer();
    // Before the body is read: an anonymous upload costs us nothing.
    if (!viewer) throw new AppError('unauthorized', 'Sign in to change your avatar.');
    const file = await readImageUpload(request, 'avatar');
    const { image } = await uploadAvatar(getDbNow(), config.mediaApi, viewer, { file });
    return Response.json({ image, avatarUrl: avatarUrl(image) });
  } catch (error) {
    return errorResponse(error);
  }
}
