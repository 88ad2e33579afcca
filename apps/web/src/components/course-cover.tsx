import { MediaImage } from '@coursepack/images/media-image';

/**
 * A course's cover image, or a quiet placeholder with its code when it has none.
 * MediaImage waits out the media service's 423 while a cover is first derived.
 */
export function CourseCover({
  src,
  code,
  className = '',
  priority = false,
}: {
  src: string | null;
  code: string | null;
  className?: string;
  priority?: boolean;
}) {
  const placeholder = (
    <div
      aria-hidden="true"
      className={`grid place-items-center bg-gradient-to-br from-brand-600 to-brand-800 font-semibold text-white/90 ${className}`}
    >
      {code ?? 'Course'}
    </div>
  );
  if (!src) return placeholder;
  return (
    <MediaImage
      src={src}
      alt=""
      width={1200}
      height={630}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      className={`bg-brand-800 object-cover ${className}`}
      fallback={placeholder}
    />
  );
}
