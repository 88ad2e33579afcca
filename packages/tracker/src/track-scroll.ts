import { computeScrollDepth, getScrollActions, getScrollLevel } from './compute-scroll-depth';
import type { ScrollAction } from './event';

/**
 * Watches the scroll depth of `target` (the window's document or a scrollable element) and calls
 * `emit` for each threshold crossed, starting with the position it finds. The listener is passive
 * and measuring waits for the next animation frame, so scrolling never waits on the tracker and
 * layout is read at most once a frame.
 */
export function trackScroll(
  target: Window | Element,
  emit: (action: ScrollAction) => void,
): () => void {
  let level = 0;
  let frame = 0;
  const measure = () => {
    frame = 0;
    const box =
      target === window
        ? document.scrollingElement || document.documentElement
        : (target as Element);
    const next = getScrollLevel(
      computeScrollDepth(box.scrollTop, box.clientHeight, box.scrollHeight),
    );
    getScrollActions(level, next).forEach(emit);
    level = next;
  };
  const onScroll = () => {
    frame ||= requestAnimationFrame(measure);
  };
  target.addEventListener('scroll', onScroll, { passive: true });
  onScroll();
  return () => {
    target.removeEventListener('scroll', onScroll);
    cancelAnimationFrame(frame);
  };
}
