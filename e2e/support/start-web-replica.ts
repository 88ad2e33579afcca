import path from 'node:path';
import { findFreePort } from '@coursepack/db/find-free-port';
import { startServiceProcess, waitForHttp } from '../../scripts/start/service-process';
import { productDatabaseUrl } from './product-database';
import type { RunningProduct } from './start-product';

export interface WebReplica {
  baseUrl: string;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * Another web process beside the one `npm start` runs, as a second replica behind a load
 * balancer would be: the same build and configuration (`env` must repeat what the product was
 * started with), its own port and memory, and nothing shared with the first but PostgreSQL and
 * the media and collector services. Its public address is the product's (`SITE_URL`), as every
 * replica's is.
 */
export async function startWebReplica(
  product: RunningProduct,
  env: NodeJS.ProcessEnv,
): Promise<WebReplica> {
  const port = await findFreePort();
  const replica = startServiceProcess(
    'web-replica',
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    ['src/server/start-web-server.ts'],
    {
      cwd: path.join(ROOT, 'apps', 'web'),
      env: {
        ...process.env,
        ...env,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        DATABASE_URL: await productDatabaseUrl(product),
        SITE_URL: product.baseUrl,
        WEB_PORT: String(port),
        MEDIA_PORT: String(product.ports.media),
        COLLECTOR_PORT: String(product.ports.collector),
      },
    },
  );
  try {
    await waitForHttp(replica, `http://127.0.0.1:${port}/api/health`);
  } catch (error) {
    await replica.stop();
    throw error;
  }
  return { baseUrl: `http://localhost:${port}`, stop: () => replica.stop() };
}
