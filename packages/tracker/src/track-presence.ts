import { PRESENCE_CAP_MS, PRESENCE_DEBOUNCE_MS, PRESENCE_INTERVAL_MS } from './constants';
import type { PresenceAction } from './event';
import type { PresenceConfig } from './tracker-config';
import { TrackerError } from './tracker-error';

const isVisible = () => document.visibilityState !== 'hidden';

/**
 * Pings `active` now and every `interval` while the page is visible; once it has been hidden for
 * `debounce` ms, pings `inactive` and then again after 2×, 4×, 8×… `interval`, at most `cap`
 * apart. Becoming visible again pings `active` at once and returns to `interval`. Visibility
 * flicks shorter than `debounce` send nothing, except on `pagehide`: a change still waiting out
 * its debounce then applies at once, so a closing tab still reports `inactive`. Returns `stop`.
 */
export function trackPresence(
  {
    interval = PRESENCE_INTERVAL_MS,
    debounce = PRESENCE_DEBOUNCE_MS,
    cap = PRESENCE_CAP_MS,
  }: PresenceConfig = {},
  ping: (action: PresenceAction) => void,
): () => void {
  // Written as a negation so NaN and non-numbers fail as well. (A cap below the interval only
  // makes hidden pings closer together, so it is not an error.)
  if (!(interval > debounce && debounce >= 0)) {
    throw new TrackerError(
      'config_invalid',
      '`presence.interval` must be greater than `presence.debounce`',
    );
  }
  let visible = isVisible();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: ReturnType<typeof setTimeout> | undefined;

  const run = (gap: number) => {
    ping(visible ? 'active' : 'inactive');
    const next = visible ? interval : Math.min(gap * 2, cap);
    timer = setTimeout(run, next, next);
  };
  const settle = () => {
    clearTimeout(pending);
    pending = undefined;
    if (visible !== isVisible()) {
      visible = !visible;
      clearTimeout(timer);
      run(interval);
    }
  };
  const onVisibilityChange = () => {
    clearTimeout(pending);
    pending = setTimeout(settle, debounce);
  };
  const onPageHide = () => {
    if (pending) settle();
  };

  document.addEventListener('visibilitychange', onVisibilityChange);
  addEventListener('pagehide', onPageHide);
  run(interval);
  return () => {
    document.removeEventListener('visibilitychange', onVisibilityChange);
    removeEventListener('pagehide', onPageHide);
    clearTimeout(timer);
    clearTimeout(pending);
  };
}
