import type { MediaConfig } from '../config';
import { MediaError } from '../media-error';

/** API calls name the cloud in their path; this service answers for its own only. */
export function assertOwnCloud(cloud: string, config: MediaConfig): void {
  if (cloud !== config.cloudName) throw new MediaError('not_found', `Unknown cloud name ${cloud}`);
}
