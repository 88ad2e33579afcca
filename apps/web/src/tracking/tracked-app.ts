import type { WebConfig } from '@/config/web-config';
import type { BaseTrackingConfig } from './tracking-context';

/** The `client` of events: the site itself, or a document embedded in another site. */
export type TrackedClient = 'web' | 'embed';

/**
 * The fields every event of this app carries, from configuration (TRACKING_APP,
 * TRACKING_URL_PATH_VERSION, TRACKING_ENVIRONMENT, the collector's endpoint) and the client.
 */
export function trackingBase(
  config: Pick<
    WebConfig,
    'trackingEndpoint' | 'trackingEnvironment' | 'trackingApp' | 'trackingUrlPathVersion'
  >,
  client: TrackedClient,
): BaseTrackingConfig {
  return {
    app: config.trackingApp,
    url_path_version: config.trackingUrlPathVersion,
    client,
    endpoint: config.trackingEndpoint,
    environment: config.trackingEnvironment,
    ...(client === 'embed' ? { video: true } : {}),
  };
}
