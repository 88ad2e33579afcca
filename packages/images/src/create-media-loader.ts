import { buildMediaUrl, type MediaDeliveryConfig, type MediaUrlOptions } from './build-media-url';

/** What Next.js passes to an `images.loader: 'custom'` loader. */
export interface ImageLoaderProps {
  src: string;
  width: number;
  quality?: number;
}

/**
 * A `next/image` loader: `src` is the asset's public id, `width` comes from Next's device and
 * image sizes. Quality stays `auto` unless the `<Image quality>` prop asks for a number.
 */
export function createMediaLoader(
  config: MediaDeliveryConfig,
  defaults: Omit<MediaUrlOptions, 'width' | 'quality'> = {},
): (props: ImageLoaderProps) => string {
  return ({ src, width, quality }) =>
    buildMediaUrl(config, src, { ...defaults, width, quality: quality ?? 'auto' });
}
