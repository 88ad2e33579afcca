/** The size text is measured at: widths scale with the font size, so any size gives the ratio. */
const MEASURED_AT_PX = 100;

let context: CanvasRenderingContext2D | null | undefined;

/**
 * The width of `text` in `fontFamily`, in ems, measured on a canvas: no layout of the page is
 * read (measuring each placed span made the browser lay the page out while it was hydrating).
 * null where there is no canvas to measure with (jsdom).
 */
export function emWidthOf(text: string, fontFamily: string): number | null {
  if (context === undefined) context = document.createElement('canvas').getContext('2d');
  if (!context) return null;
  context.font = `${MEASURED_AT_PX}px ${fontFamily}`;
  return context.measureText(text).width / MEASURED_AT_PX;
}
