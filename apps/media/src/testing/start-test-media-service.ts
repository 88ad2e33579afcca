import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MediaDeliveryConfig } from '@coursepack/images/build-media-url';
import type { MediaApiCredentials } from '@coursepack/images/upload-asset';
import { buildMediaApp } from '@coursepack/media/app';
import { testMediaConfig } from './test-media-config';

export interface TestMediaService {
  credentials: MediaApiCredentials;
  delivery: MediaDeliveryConfig;
  close(): Promise<void>;
}

/**
 * The real media service in this process, on a free port, over a temporary data folder;
 * `env` sets more of its configuration (its limits).
 */
export async function startTestMediaService(
  env: Record<string, string> = {},
): Promise<TestMediaService> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'coursepack-uploads-'));
  const config = testMediaConfig(dataDir, env);
  const app = await buildMediaApp(config);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    credentials: {
      apiBaseUrl: origin,
      cloudName: config.cloudName,
      apiKey: config.apiKey,
      apiSecret: config.apiSecret,
    },
    delivery: { baseUrl: origin, cloudName: config.cloudName },
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
