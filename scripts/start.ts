/**
 * `npm start`: one command brings up the whole product.
 * Validates configuration, starts (or connects to) PostgreSQL, migrates, seeds
 * demo content into an empty catalogue, starts the services and the web app, and
 * stops everything in order on Ctrl-C. `npm run dev` does the same with `next dev`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProduct } from './start/run-product';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');

runProduct({ root, dev, env: process.env }).catch((error: unknown) => {
  // Configuration and start-up problems are one clear line each, not a stack trace.
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`\nCoursepack could not start:\n${message.replace(/^/gm, '  ')}\n`);
  process.exit(1);
});
