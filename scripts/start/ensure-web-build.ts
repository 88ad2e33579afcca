import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { startOutput } from './start-output';

/** Output, dependencies and local state: never what a build is made from. */
const IGNORED_DIRS = new Set(['node_modules', '.next', 'dist', 'data', 'coverage', 'test-results']);

/**
 * Files that are no input of the build: those Next itself writes while building (the next
 * build would otherwise always differ from the last), and tests, which it never bundles.
 */
function isIgnoredFile(name: string): boolean {
  return (
    name === 'next-env.d.ts' ||
    name.endsWith('.tsbuildinfo') ||
    name === 'vitest.config.ts' ||
    /\.test\.[cm]?[jt]sx?$/.test(name)
  );
}

export interface EnsureWebBuildOptions {
  /** Runs the build in the web app's folder (`next build`; replaced in tests). */
  build?: (webDir: string) => Promise<void>;
}

/**
 * Builds the web app when no build exists or when what it is made from has changed since: the
 * stamp is a hash of the path and content of every input (see `listBuildInputs`), so touching,
 * checking out again or Next's own rewrites cause no rebuild, and any edit does.
 */
export async function ensureWebBuild(
  root: string,
  log: (line: string) => void,
  { build = runNextBuild }: EnsureWebBuildOptions = {},
): Promise<void> {
  const webDir = path.join(root, 'apps', 'web');
  const stampFile = path.join(webDir, '.next', 'coursepack-build-stamp');
  const fingerprint = await fingerprintOf(await listBuildInputs(root));
  const built =
    existsSync(path.join(webDir, '.next', 'BUILD_ID')) &&
    existsSync(stampFile) &&
    (await readFile(stampFile, 'utf8')) === fingerprint;
  if (built) return;

  log('Building the web app (first start, or its sources changed)…');
  await build(webDir);
  await writeFile(stampFile, fingerprint);
}

async function runNextBuild(webDir: string): Promise<void> {
  // The Next.js the web app itself resolves.
  const nextBin = createRequire(path.join(webDir, 'package.json')).resolve('next/dist/bin/next');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, 'build'], {
      cwd: webDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    startOutput.forward(child.stdout, 'web');
    startOutput.forward(child.stderr, 'web');
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`next build failed (exit code ${code})`)),
    );
    child.once('error', reject);
  });
}

/**
 * What the web build is made from: the app, the workspace packages Next compiles with it (its
 * `@coursepack/*` dependencies and theirs; dev dependencies serve only tests), the lockfile (every
 * other dependency's version) and the shared TypeScript settings.
 */
async function listBuildInputs(root: string): Promise<string[]> {
  const workspaces = await readWorkspaces(root);
  const dirs = new Set<string>();
  const visit = (dir: string, dependencies: string[]) => {
    if (dirs.has(dir)) return;
    dirs.add(dir);
    for (const name of dependencies) {
      const workspace = workspaces.get(name);
      if (workspace) visit(workspace.dir, workspace.dependencies);
    }
  };
  const web = [...workspaces.values()].find(({ dir }) => dir === path.join(root, 'apps', 'web'));
  if (!web) throw new Error(`No web app in ${path.join(root, 'apps', 'web')}`);
  visit(web.dir, web.dependencies);
  const files = [path.join(root, 'package-lock.json'), path.join(root, 'tsconfig.base.json')];
  for (const dir of [...dirs].sort()) files.push(...(await listFiles(dir)));
  return files;
}

interface Workspace {
  dir: string;
  dependencies: string[];
}

/** Every package of the monorepo by name, with the names of its runtime dependencies. */
async function readWorkspaces(root: string): Promise<Map<string, Workspace>> {
  const workspaces = new Map<string, Workspace>();
  for (const parent of ['apps', 'packages']) {
    for (const entry of await readdir(path.join(root, parent))) {
      const dir = path.join(root, parent, entry);
      const manifest = await readFile(path.join(dir, 'package.json'), 'utf8').catch(() => null);
      if (manifest === null) continue;
      const { name, dependencies = {} } = JSON.parse(manifest) as {
        name: string;
        dependencies?: Record<string, string>;
      };
      workspaces.set(name, { dir, dependencies: Object.keys(dependencies) });
    }
  }
  return workspaces;
}

async function listFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!IGNORED_DIRS.has(entry.name)) files.push(...(await listFiles(target)));
    } else if (!isIgnoredFile(entry.name)) {
      files.push(target);
    }
  }
  return files.sort();
}

/**
 * Paths stay absolute: Next's output records where it was built, so a moved checkout rebuilds.
 */
async function fingerprintOf(files: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) {
    const content = await readFile(file).catch(() => null);
    if (content === null) continue;
    const contentHash = createHash('sha256').update(content).digest('hex');
    hash.update(`${file}\0${contentHash}\n`);
  }
  return hash.digest('hex');
}
