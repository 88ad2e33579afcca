'use client';

import type { TrackerConfig } from '@coursepack/tracker';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * The fields every event of this app carries; pages add their course and document ids.
 * `video` is set by the embed layout: the cross-site (`SameSite=None; Secure`) cookie variant.
 */
export type BaseTrackingConfig = Pick<
  TrackerConfig,
  'endpoint' | 'environment' | 'app' | 'url_path_version' | 'client' | 'video'
>;

const TrackingContext = createContext<BaseTrackingConfig | null>(null);

export function TrackingProvider({
  config,
  children,
}: {
  config: BaseTrackingConfig;
  children: ReactNode;
}) {
  return <TrackingContext.Provider value={config}>{children}</TrackingContext.Provider>;
}

/** The app's tracking configuration; throws outside the provider (a wiring mistake). */
export function useBaseTrackingConfig(): BaseTrackingConfig {
  const config = useContext(TrackingContext);
  if (!config) throw new Error('useBaseTrackingConfig needs a <TrackingProvider> above it');
  return config;
}
