'use client';

import {
  createElement,
  type ImgHTMLAttributes,
  type ReactNode,
  type SyntheticEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { appendTimestamp, checkImage, waitForImage } from './wait-for-image';

export interface MediaImageError {
  status: number;
  message: string;
}

export interface MediaImageProps
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError' | 'onLoad'> {
  src: string;
  alt: string;
  /** Longest time to keep polling while the service answers 423. Default 30 s. */
  maxWaitMs?: number;
  /** Shown instead of the image once it has failed; defaults to the alt text. */
  fallback?: ReactNode;
  onError?: (error: MediaImageError) => void;
  onLoad?: (event: SyntheticEvent<HTMLImageElement>) => void;
}

/**
 * - `initial`: the first load of `src`;
 * - `checking`: it failed; asking the service why (and polling while 423);
 * - `reloaded`: the service is ready; the image is loading again with a timestamp appended;
 * - `failed`: the fallback is shown and `onError` has been called.
 */
type Phase = 'initial' | 'checking' | 'reloaded' | 'failed';

interface State {
  src: string;
  phase: Phase;
  displayedSrc: string;
}

/**
 * An `<img>` for media-service URLs that waits for derivations: after a failed load it requests
 * the URL again; while the answer is 423 it retries every 500 ms (up to `maxWaitMs`); then it
 * reloads the image once with a timestamp appended. Any other failure shows an accessible
 * fallback and reports `{ status, message }` (network failures as 500 "Network error").
 */
export function MediaImage({
  src,
  alt,
  maxWaitMs,
  fallback,
  onError,
  onLoad,
  style,
  ...imgProps
}: MediaImageProps): ReactNode {
  const [state, setState] = useState<State>({ src, phase: 'initial', displayedSrc: src });
  const imgRef = useRef<HTMLImageElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  // A new src starts over (render-time reset avoids a frame showing the old image).
  let current = state;
  if (state.src !== src) {
    current = { src, phase: 'initial', displayedSrc: src };
    setState(current);
  }

  const fail = useCallback((forSrc: string, error: MediaImageError) => {
    setState((previous) => (previous.src === forSrc ? { ...previous, phase: 'failed' } : previous));
    onErrorRef.current?.(error);
  }, []);

  const handleFailure = useCallback(() => {
    const failedSrc = current.src;
    if (current.phase === 'initial') {
      // With a `srcSet`, the URL the browser chose from it: that one is polled and reloaded
      // (without the srcSet from then on, so the browser does not choose again).
      const requested = imgRef.current?.currentSrc || failedSrc;
      setState({ ...current, phase: 'checking' });
      abortRef.current?.abort();
      const controller = new AbortController();
      abortRef.current = controller;
      waitForImage(requested, { maxWaitMs, signal: controller.signal }).then(
        (result) => {
          if (result.ok) {
            setState((previous) =>
              previous.src === failedSrc
                ? { ...previous, phase: 'reloaded', displayedSrc: appendTimestamp(requested) }
                : previous,
            );
          } else {
            fail(failedSrc, { status: result.status, message: result.message });
          }
        },
        () => undefined, // aborted: unmounted or src changed
      );
    } else if (current.phase === 'reloaded') {
      // The single reload failed too: report what the service says now, without polling again.
      const controller = new AbortController();
      abortRef.current = controller;
      checkImage(current.displayedSrc, { signal: controller.signal }).then(
        ({ status, message }) =>
          fail(
            failedSrc,
            status >= 200 && status < 300
              ? { status, message: 'The image could not be decoded' }
              : { status, message },
          ),
        () => undefined,
      );
    }
  }, [current, maxWaitMs, fail]);

  useEffect(() => () => abortRef.current?.abort(), []);

  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = imgRef.current;
    if (img && state.phase === 'initial' && img.complete && img.naturalWidth === 0 && img.src) {
      handleFailure();
    }
  }, [state.phase, handleFailure]);

  // createElement rather than JSX: consumers type-check this file without a JSX setting.
  if (current.phase === 'failed') {
    return createElement(
      'span',
      {
        role: 'img',
        'aria-label': alt,
        'data-media-image': 'failed',
        className: imgProps.className,
        style,
      },
      fallback ?? alt,
    );
  }

  const { srcSet, sizes, ...plainProps } = imgProps;
  return createElement('img', {
    ...plainProps,
    ...(current.phase === 'initial' ? { srcSet, sizes } : {}),
    ref: imgRef,
    src: current.displayedSrc,
    alt,
    'data-media-image': current.phase,
    'aria-busy': current.phase === 'checking' || undefined,
    // Keep the layout box but hide the browser's broken-image glyph while waiting.
    style: current.phase === 'checking' ? { ...style, visibility: 'hidden' as const } : style,
    onLoad,
    onError: handleFailure,
  });
}
