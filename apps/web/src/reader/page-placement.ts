/**
 * A page's place is A4-shaped (portrait, or landscape for landscape documents) before its image
 * says otherwise; pages of other shapes (US Letter, 16:9 slides) show inside it as
 * `object-fit: contain` shows them, with bars on two sides. What is placed over the page's
 * picture (its words, find highlights) must cover the picture, not the place.
 */

/** A page's height over its width: A4 (√2) portrait, its inverse landscape. */
export function placeShape(landscape: boolean): number {
  return landscape ? Math.SQRT1_2 : Math.SQRT2;
}

export interface Placement {
  left: string;
  top: string;
  width: string;
  height: string;
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

/**
 * Where a picture of shape `picture` (height over width) shows in a place of shape `place` under
 * `object-fit: contain`, as CSS percentages of the place.
 */
export function containedPlacement(place: number, picture: number): Placement {
  if (!(picture > 0) || !(place > 0)) {
    return { left: '0%', top: '0%', width: '100%', height: '100%' };
  }
  if (picture > place) {
    // Taller than the place: full height, bars left and right.
    const width = place / picture;
    return { left: percent((1 - width) / 2), top: '0%', width: percent(width), height: '100%' };
  }
  const height = picture / place;
  return { left: '0%', top: percent((1 - height) / 2), width: '100%', height: percent(height) };
}
