import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

describe('the Node.js version the README promises', () => {
  const manifest = readJson('package.json') as { engines: { node: string } };
  const oldest = semver.minVersion(manifest.engines.node);

  it('is the one package.json declares', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(oldest).not.toBeNull();
    const promised = /You need Node\.js (\d+\.\d+) or newer/.exec(readme)?.[1];
    expect(`${promised}.0`).toBe(oldest?.version);
  });

  it('runs every installed dependency, so npm install prints no EBADENGINE warning', () => {
    const lock = readJson('package-lock.json') as { packages: Record<string, LockedPackage> };
    const unsupported = Object.entries(lock.packages)
      .filter(([, locked]) => {
        const range = Array.isArray(locked.engines) ? undefined : locked.engines?.node;
        return range !== undefined && oldest && !semver.satisfies(oldest, range);
      })
      .map(([where, locked]) => `${where}@${locked.version}`);
    expect(unsupported).toEqual([]);
  });
});
