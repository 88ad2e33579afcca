import { route } from '@/http/route';
import { avatarUrl } from '@/media/media-urls';
import { readImageUpload } from '@/media/read-image-upload';
import { uploadAvatar } from '@/members/upload-avatar';
import { getConfig, getDbNow } from '@/server/server-context';
import { uploadAvatarContract } from './contract';

// POST /api/account/avatar – replace the signed-in member's avatar (multipart field "file")
export const POST = route(uploadAvatarContract, async ({ request, viewer }) => {
  const file = await readImageUpload(request, 'avatar');
  const { image } = await uploadAvatar(getDbNow(), getConfig().mediaApi, viewer, { file });
  return { image, avatarUrl: avatarUrl(image) };
});
