import { getEditableCourse } from '@/courses/get-editable-course';
import { uploadCourseCover } from '@/courses/upload-course-cover';
import { route } from '@/http/route';
import { coverImageUrl } from '@/media/media-urls';
import { readImageUpload } from '@/media/read-image-upload';
import { getConfig, getDbNow } from '@/server/server-context';
import { uploadCoverContract } from './contract';

// POST /api/courses/[id]/cover – replace a course's cover image (multipart field "file")
export const POST = route(uploadCoverContract, async ({ request, params, viewer }) => {
  const db = getDbNow();
  // Permission before the body: a stranger's upload is answered without reading it.
  await getEditableCourse(db, viewer, params.id);
  const file = await readImageUpload(request, 'cover');
  const { coverAssetId } = await uploadCourseCover(db, getConfig().mediaApi, viewer, {
    courseId: params.id,
    file,
  });
  return { coverAssetId, coverUrl: coverImageUrl(coverAssetId) };
});
