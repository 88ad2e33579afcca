/**
 * The top of a chart's value axis: the smallest 1, 2 or 5 × 10ⁿ at or above the largest value,
 * so gridlines fall on round numbers. At least 1, so an empty chart still has an axis.
 */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= value) ?? 10;
  return step * magnitude;
}
