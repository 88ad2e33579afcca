import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createDb } from '@coursepack/db/client';
import type { RunningProduct } from './start-product';

/**
 * The URL of the embedded PostgreSQL of a product started by `startProduct()`, as its services
 * were given it. npm start prints where the data lives; the cluster is `<data>/postgres`, its
 * superuser password beside it (`postgres.password`), its port in `postmaster.pid`.
 */
export async function productDatabaseUrl(product: RunningProduct): Promise<string> {
  const match = /PostgreSQL \(embedded\) is up, data in (.+)/.exec(product.output());
  if (!match?.[1]) throw new Error('The product did not start an embedded PostgreSQL');
  const cluster = path.join(match[1].trim(), 'postgres');
  const password = (await readFile(`${cluster}.password`, 'utf8')).trim();
  // postmaster.pid: pid, data directory, start time, port, …
  const port = (await readFile(path.join(cluster, 'postmaster.pid'), 'utf8')).split('\n')[3];
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/coursepack`;
}

/**
 * The embedded PostgreSQL of a product started by `startProduct()`, to check what the services
 * stored (`destroy()` it when done).
 */
export async function connectToProductDatabase(
  product: RunningProduct,
): Promise<ReturnType<typeof createDb>> {
  return createDb(await productDatabaseUrl(product), { max: 1 });
}
