import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findFreePort } from '@coursepack/db/find-free-port';
import { startServiceProcess, waitForHttp } from '../../scripts/start/service-process';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const EXAMPLE = path.join(ROOT, 'examples', 'next-cloudinary');
const NEXT_BIN = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');
/** Where a build records what it was made from, so an unchanged example is built only once. */
const STAMP = path.join(EXAMPLE, '.next', 'coursepack-source-hash');

const BUILD_ENV = {
  NEXT_TELEMETRY_DISABLED: '1',
  // Inlined at build time, as next-cloudinary documents; our service's default cloud name.
  NEXT_PUBLIC_CLOUDINARY_CLOUD_NAME: 'coursepack',
};

export interface RunningExample {
  origin: string;
  stop(): Promise<void>;
}

async function sourceHash(): Promise<string> {
  const hash = createHash('sha256');
  const files = ['package.json', 'tsconfig.json'];
  for (const name of (await readdir(path.join(EXAMPLE, 'app'))).sort()) files.push(`app/${name}`);
  for (const file of files) hash.update(file).update(await readFile(path.join(EXAMPLE, file)));
  const next = JSON.parse(
    await readFile(path.join(ROOT, 'node_modules/next/package.json'), 'utf8'),
  );
  return hash.update(JSON.stringify([next.version, BUILD_ENV])).digest('hex');
}

/** `next build` of examples/next-cloudinary, unless its sources are what the last build saw. */
async function ensureBuilt(): Promise<void> {
  const wanted = await sourceHash();
  const built = await readFile(STAMP, 'utf8').catch(() => '');
  if (built === wanted) return;
  const build = startServiceProcess('next build', process.execPath, [NEXT_BIN, 'build'], {
    cwd: EXAMPLE,
    env: { ...process.env, ...BUILD_ENV },
  });
  const how = await build.exited;
  if (how !== 'exit code 0') throw new Error(`next build of examples/next-cloudinary: ${how}`);
  await writeFile(STAMP, wanted);
}

/** The example built (once) and served by `next start`, its images from `mediaBaseUrl`. */
export async function startNextCloudinaryExample(mediaBaseUrl: string): Promise<RunningExample> {
  await ensureBuilt();
  const port = await findFreePort();
  const server = startServiceProcess(
    'next start',
    process.execPath,
    [NEXT_BIN, 'start', '-p', String(port), '-H', '127.0.0.1'],
    {
      cwd: EXAMPLE,
      env: { ...process.env, ...BUILD_ENV, MEDIA_BASE_URL: mediaBaseUrl },
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(server, `${origin}/`);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { origin, stop: () => server.stop() };
}
