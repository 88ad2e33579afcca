import { type MediaConfig, parseMediaConfig } from '../config';

/** The credentials every in-process test service runs with. */
export const TEST_CLOUD = 'coursepack';
export const TEST_API_KEY = 'test-key';
export const TEST_API_SECRET = 'test-secret-123';

/** The service's configuration over `dataDir`, with `env` setting more of it (its limits). */
export function testMediaConfig(dataDir: string, env: Record<string, string> = {}): MediaConfig {
  return parseMediaConfig({
    DATA_DIR: dataDir,
    MEDIA_API_KEY: TEST_API_KEY,
    MEDIA_API_SECRET: TEST_API_SECRET,
    MEDIA_CLOUD_NAME: TEST_CLOUD,
    ...env,
  });
}
