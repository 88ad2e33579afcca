import 'server-only';
import { getConfig } from './server-context';

/** A course cover at card or hero size from the media service (or Cloudinary). */
export function coverImageUrl(assetId: string | null, width = 640): string | null {
  if (!assetId) return null;
  const { mediaBaseUrl, mediaCloudName } = getConfig();
  const height = Math.round((width * 21) / 40);
  return `${mediaBaseUrl}/${mediaCloudName}/image/upload/c_fill,w_${width},h_${height},q_auto,f_auto/${assetId}`;
}
