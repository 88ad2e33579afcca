'use client';

import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { createTracker } from './create-tracker';
import type { EventInput, Tracker, TrackerConfig, TrackOptions } from './tracker-config';

export interface Tracking {
  /**
   * `Tracker.trackAction` of the component's tracker, with the configuration of the latest
   * render as defaults. Resolves `false` on the server, where nothing is tracked.
   */
  trackAction(event?: EventInput, options?: TrackOptions): Promise<boolean>;
  /** The component's tracker, created on first use; `null` on the server. */
  getTracker(): Tracker | null;
}

// Layout effects warn during server rendering in older Reacts; on the server nothing runs anyway.
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * A tracker for this component's lifetime. Nothing touches the browser during render: the
 * tracker is created on first use (an effect or an event handler) and destroyed on unmount, so
 * server rendering and React strict mode's mount–unmount–mount are safe. Event defaults (ids,
 * names, `action_meta`, `presence.meta`) follow each render; a new `endpoint`, `cookieName` or
 * `video` replaces the tracker.
 */
export function useTracking(config: TrackerConfig): Tracking {
  const latest = useRef(config);
  useIsomorphicLayoutEffect(() => {
    latest.current = config;
  });
  const tracker = useRef<Tracker | null>(null);
  const { endpoint, cookieName, video } = config;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the tracker is replaced only when what it reads once changes; it reads the rest through `live`
  const tracking = useMemo<Tracking>(() => {
    // The tracker reads its configuration through this view, so it always sees the latest one.
    const live = new Proxy({} as TrackerConfig, {
      get: (_, key) => latest.current[key as keyof TrackerConfig],
    });
    const getTracker = () => {
      if (typeof window === 'undefined') return null;
      tracker.current ??= createTracker(live);
      return tracker.current;
    };
    return {
      getTracker,
      trackAction: (event, options) =>
        getTracker()?.trackAction(event, options) ?? Promise.resolve(false),
    };
  }, [endpoint, cookieName, video]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `tracking` means a new tracker, so the old one is destroyed
  useEffect(
    () => () => {
      tracker.current?.destroy();
      tracker.current = null;
    },
    [tracking],
  );
  return tracking;
}

/**
 * Starts a loop on the tracker after mount and stops it on unmount. Started a task later, so
 * strict mode's immediate unmount and remount in development start it once, not twice.
 */
function startAfterMount(
  tracking: Tracking,
  start: (tracker: Tracker) => (() => void) | undefined,
): () => void {
  let stop: (() => void) | undefined;
  const timer = setTimeout(() => {
    const tracker = tracking.getTracker();
    if (tracker) stop = start(tracker);
  });
  return () => {
    clearTimeout(timer);
    stop?.();
  };
}

/**
 * Scroll-depth events for the page, or for the scrollable element in `target` (e.g. a document
 * viewer), which must be mounted along with the component.
 */
export function useScrollTracking(tracking: Tracking, target?: RefObject<Element | null>): void {
  useEffect(
    () =>
      startAfterMount(tracking, (tracker) => {
        if (!target) return tracker.startScrollTracking();
        return target.current ? tracker.startScrollTracking(target.current) : undefined;
      }),
    [tracking, target],
  );
}

/** Presence pings while the component is mounted. */
export function usePresenceTracking(tracking: Tracking): void {
  useEffect(() => startAfterMount(tracking, (tracker) => tracker.startPresence()), [tracking]);
}

/** `useScrollTracking` as a component. */
export function ScrollTracking({
  tracking,
  target,
}: {
  tracking: Tracking;
  target?: RefObject<Element | null>;
}): null {
  useScrollTracking(tracking, target);
  return null;
}

/** `usePresenceTracking` as a component. */
export function PresenceTracking({ tracking }: { tracking: Tracking }): null {
  usePresenceTracking(tracking);
  return null;
}
