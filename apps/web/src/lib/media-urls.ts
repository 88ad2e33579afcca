import 'server-only';
import { buildMediaUrl } from '@coursepack/images/build-media-url';
import { getConfig } from './server-context';

function delivery() {
  const { mediaBaseUrl, mediaCloudName } = getConfig();
  return { baseUrl: mediaBaseUrl, cloudName: mediaCloudName };
}

/** A course cover (40:21, the Open Graph shape) from the media service or Cloudinary. */
export function coverImageUrl(assetId: string | null, width = 640): string | null {
  if (!assetId) return null;
  return buildMediaUrl(delivery(), assetId, {
    width,
    height: Math.round((width * 21) / 40),
    crop: 'fill',
    gravity: 'auto',
  });
}
