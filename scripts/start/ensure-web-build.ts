import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

// next-env.d.ts is written by `next build` itself: counting it would make the first start's
// build look stale to the second, which would build everything again.
const IGNORED = new Set(['node_modules', '.next', 'dist', 'data', 'coverage', 'next-env.d.ts']);

/**
 * Builds the web app when no build exists or when any source it is made from has
 * changed since: the stamp is a hash of every input file's path, size and mtime.
 */
export async function ensureWebBuild(root: string, log: (line: string) => void): Promise<void> {
  const webDir = path.join(root, 'apps', 'web');
  const stampFile = path.join(webDir, '.next', 'coursepack-build-stamp');
  const inputs = [webDir, ...(await listPackageDirs(root)), path.join(root, 'package-lock.json')];
  const fingerprint = await fingerprintOf(inputs);
  const built =
    existsSync(path.join(webDir, '.next', 'BUILD_ID')) &&
    existsSync(stampFile) &&
    (await readFile(stampFile, 'utf8')) === fingerprint;
  if (built) return;

  log('Building the web app (first start, or its sources changed)…');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [nextBinPath(root), 'build'], {
      cwd: webDir,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`next build failed (exit code ${code})`)),
    );
    child.once('error', reject);
  });
  await writeFile(stampFile, fingerprint);
}

function nextBinPath(root: string): string {
  return path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
}

async function listPackageDirs(root: string): Promise<string[]> {
  const packagesDir = path.join(root, 'packages');
  const names = await readdir(packagesDir);
  return names.map((name) => path.join(packagesDir, name));
}

async function fingerprintOf(inputs: string[]): Promise<string> {
  const hash = createHash('sha256');
  const visit = async (target: string): Promise<void> => {
    const info = await stat(target).catch(() => undefined);
    if (!info) return;
    if (info.isDirectory()) {
      const entries = (await readdir(target)).filter((name) => !IGNORED.has(name)).sort();
      for (const entry of entries) await visit(path.join(target, entry));
      return;
    }
    hash.update(`${target}\0${info.size}\0${info.mtimeMs}\n`);
  };
  for (const input of inputs) await visit(input);
  return hash.digest('hex');
}
