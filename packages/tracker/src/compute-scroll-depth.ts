import { SCROLL_THRESHOLDS } from './constants';
import type { ScrollAction } from './event';

/**
 * How much of the content has been on screen, in percent: the visible bottom edge over the
 * content height, `(scrollTop + clientHeight) / scrollHeight × 100`, clamped to 0–100. Content
 * that fits its box is 100 % seen; an empty or hidden box (no height) is 0 %.
 */
export function computeScrollDepth(
  scrollTop: number,
  clientHeight: number,
  scrollHeight: number,
): number {
  const depth = ((scrollTop + clientHeight) / scrollHeight) * 100;
  // Written so NaN from unmeasurable boxes lands on 0 too.
  return scrollHeight > 0 && depth > 0 ? Math.min(100, depth) : 0;
}

/** 0 below 25 %, 1 from 25 %, 2 from 50 %, 3 from 75 %, 4 from 95 %. */
export function getScrollLevel(depth: number): number {
  return SCROLL_THRESHOLDS.filter((threshold) => depth >= threshold).length;
}

/**
 * The actions for moving from one level to another, in crossing order: going down, one
 * `scroll_N` per threshold entered; going up, one `scroll_up_N` per threshold dropped below
 * (75, 50, 25 — leaving the 95 % band back into the 75 % one fires nothing).
 */
export function getScrollActions(from: number, to: number): ScrollAction[] {
  const actions: ScrollAction[] = [];
  for (let level = from; level < to; ) actions.push(`scroll_${++level * 25}` as ScrollAction);
  for (let level = Math.min(from, 3); level > to; level--) {
    actions.push(`scroll_up_${level * 25}` as ScrollAction);
  }
  return actions;
}
