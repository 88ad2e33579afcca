import { COVER_HEIGHT, COVER_WIDTH } from '@coursepack/images/build-cover-svg';
import { MediaImage } from '@coursepack/images/media-image';
import { GeneratedCover } from './generated-cover';

/**
 * A course's cover image, or, when it has none (or it fails), the patterned cover generated from
 * its slug and subject, as the demo courses have. Covers are 40:21 images shown in a 40:21 box
 * and scaled to fit, never cropped. MediaImage waits out the media service's 423 while a cover
 * is first derived.
 */
export function CourseCover({
  src,
  course,
  className = '',
  priority = false,
}: {
  src: string | null;
  course: { slug: string; subject: { slug: string } };
  className?: string;
  priority?: boolean;
}) {
  const box = `aspect-[40/21] bg-brand-800 object-contain ${className}`;
  const generated = (
    <GeneratedCover slug={course.slug} subjectSlug={course.subject.slug} className={box} />
  );
  if (!src) return generated;
  return (
    <MediaImage
      src={src}
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
