'use client';

import { buildCoverSvg, COVER_HEIGHT, COVER_WIDTH } from '@coursepack/images/build-cover-svg';

/**
 * The patterned cover generated from a course's slug and subject, drawn where it is shown. A
 * client component, so that as a cover image's fallback it travels in the page's data as its
 * two slugs rather than as a 12 KB SVG for every card, though it is seldom shown.
 */
export function GeneratedCover({
  slug,
  subjectSlug,
  className,
}: {
  slug: string;
  subjectSlug: string;
  className: string;
}) {
  return (
    // biome-ignore lint/performance/noImgElement: a generated SVG needs no optimising
    <img
      src={`data:image/svg+xml,${encodeURIComponent(buildCoverSvg({ slug, subjectSlug }))}`}
      alt=""
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      className={className}
    />
  );
}
