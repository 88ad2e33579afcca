import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureWebBuild } from './ensure-web-build';

let root: string;
let builds: number;

async function put(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
}

function manifest(name: string, dependencies: Record<string, string> = {}, devDependencies = {}) {
  return JSON.stringify({ name, dependencies, devDependencies });
}

/** What `next build` does to the checkout besides its output: it rewrites these every time. */
async function fakeNextBuild(webDir: string): Promise<void> {
  builds += 1;
  await mkdir(path.join(webDir, '.next'), { recursive: true });
  await writeFile(path.join(webDir, '.next', 'BUILD_ID'), `build-${builds}`);
  await writeFile(path.join(webDir, 'next-env.d.ts'), `/// <reference types="next" /> ${builds}\n`);
  await writeFile(path.join(webDir, 'tsconfig.tsbuildinfo'), `{"build":${builds}}`);
}

const start = () => ensureWebBuild(root, () => {}, { build: fakeNextBuild });

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'coursepack-build-stamp-'));
  builds = 0;
  await put('package-lock.json', '{"lockfileVersion":3}');
  await put('tsconfig.base.json', '{}');
  await put(
    'apps/web/package.json',
    manifest(
      '@coursepack/web',
      { '@coursepack/db': '*', next: '16' },
      { '@coursepack/media': '*' },
    ),
  );
  await put('apps/web/src/app/page.tsx', 'export default function Page() {}');
  await put('apps/web/src/app/page.test.tsx', 'it("renders")');
  await put('apps/web/vitest.config.ts', 'export default {}');
  await put('apps/media/package.json', manifest('@coursepack/media'));
  await put('apps/media/src/server.ts', 'listen()');
  await put('packages/db/package.json', manifest('@coursepack/db', { '@coursepack/jobs': '*' }));
  await put('packages/db/src/client.ts', 'export const db = 1;');
  await put('packages/jobs/package.json', manifest('@coursepack/jobs'));
  await put('packages/jobs/src/enqueue.ts', 'export const enqueue = 1;');
  await put('packages/hostile-files/package.json', manifest('@coursepack/hostile-files'));
  await put('packages/hostile-files/src/files.ts', 'export const files = 1;');
  await start();
  expect(builds).toBe(1);
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('ensureWebBuild', () => {
  it('reuses the build on the next start, although Next rewrote next-env.d.ts and its tsbuildinfo', async () => {
    await start();
    expect(builds).toBe(1);
  });

  it('reuses the build when files are only touched, as a checkout of the same commit does', async () => {
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(root, 'apps/web/src/app/page.tsx'), later, later);
    await start();
    expect(builds).toBe(1);
  });

  it('reuses the build when only tests or packages the web app does not use change', async () => {
    await put('apps/web/src/app/page.test.tsx', 'it("renders twice")');
    await put('apps/web/vitest.config.ts', 'export default { test: {} }');
    await put('apps/media/src/server.ts', 'listen(3002)');
    await put('packages/hostile-files/src/files.ts', 'export const files = 2;');
    await start();
    expect(builds).toBe(1);
  });

  it.each([
    ['a source file of the app', 'apps/web/src/app/page.tsx'],
    ['a new file of the app', 'apps/web/src/app/layout.tsx'],
    ['a package the app compiles with', 'packages/db/src/client.ts'],
    ['a package that package compiles with', 'packages/jobs/src/enqueue.ts'],
    ['the dependency versions', 'package-lock.json'],
    ['the shared TypeScript settings', 'tsconfig.base.json'],
  ])('rebuilds after a change to %s', async (_, file) => {
    await put(file, '// changed');
    await start();
    expect(builds).toBe(2);
    await start();
    expect(builds).toBe(2);
  });

  it('rebuilds when the build output is gone', async () => {
    await rm(path.join(root, 'apps/web/.next/BUILD_ID'));
    await start();
    expect(builds).toBe(2);
  });
});
