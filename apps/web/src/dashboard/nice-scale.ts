/**
 * The top of a chart's value axis: the smallest 1, 2 or 5 × 10ⁿ at or above the largest value,
 * so gridlines (at the top and half of it) fall on round numbers. Below 10 the tops are 2, 4 and
 * 10, whose halves are whole counts (an axis of 1 visitor would read "0, 1, 1"). At least 2, so
 * an empty chart still has an axis.
 */
export function niceMax(value: number): number {
  if (value <= 10) return [2, 4, 10].find((top) => top >= value) ?? 10;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= value) ?? 10;
  return step * magnitude;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
// Tops whose halves are round durations too: 30 s / 1 min, 15 min / 30 min, 1 h 30 min / 3 h…
const DURATION_TOPS = [
  10,
  20,
  30,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  20 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  4 * HOUR,
  6 * HOUR,
  8 * HOUR,
  12 * HOUR,
  24 * HOUR,
];

/** The top of an axis of seconds, on round minutes and hours rather than round seconds. */
export function niceDurationMax(seconds: number): number {
  return DURATION_TOPS.find((top) => top >= seconds) ?? niceMax(seconds / HOUR) * HOUR;
}
