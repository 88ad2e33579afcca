import { COVER_HEIGHT, COVER_WIDTH } from '@coursepack/images/build-cover-svg';
import { MediaImage } from '@coursepack/images/media-image';
import { preload } from 'react-dom';
import { coverImageSrcSet, coverImageUrl } from '@/media/media-urls';
import { GeneratedCover } from './generated-cover';

/**
 * A course's cover image, or, when it has none (or it fails), the patterned cover generated from
 * its slug and subject, as the demo courses have. Covers are 40:21 images shown in a 40:21 box
 * and scaled to fit, never cropped. MediaImage waits out the media service's 423 while a cover
 * is first derived.
 */
export function CourseCover({
  course,
  sizes,
  className = '',
  priority = false,
}: {
  course: { slug: string; subject: { slug: string }; coverAssetId: string | null };
  /** The width the cover is shown at, which picks its `srcset` entry with the screen's density. */
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  const box = `aspect-[40/21] bg-brand-800 object-contain ${className}`;
  const generated = (
    <GeneratedCover slug={course.slug} subjectSlug={course.subject.slug} className={box} />
  );
  if (!course.coverAssetId) return generated;
  const src = coverImageUrl(course.coverAssetId) ?? '';
  const srcSet = coverImageSrcSet(course.coverAssetId);
  // A first-screen cover is the page's largest paint: asked for from the head, before the
  // body and its scripts, so it arrives and is painted before they run.
  if (priority) {
    preload(src, { as: 'image', imageSrcSet: srcSet, imageSizes: sizes, fetchPriority: 'high' });
  }
  return (
    <MediaImage
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      alt=""
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={box}
      fallback={generated}
    />
  );
}
