/** A course's cover image, or a quiet placeholder with its code when it has none. */
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
  if (!src) {
    return (
      <div
        aria-hidden="true"
        className={`grid place-items-center bg-gradient-to-br from-brand-600 to-brand-800 font-semibold text-white/90 ${className}`}
      >
        {code ?? 'Course'}
      </div>
    );
  }
  return (
    // A plain img: covers come from the media service, which does its own resizing.
    <img
      src={src}
      alt=""
      width={1200}
      height={630}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      className={`object-cover ${className}`}
    />
  );
}
