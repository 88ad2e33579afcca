import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import recorded from './migration-checksums.json';
import { migrations } from './migrations';

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsDir = path.join(here, 'migrations');
const MANIFEST = 'packages/db/src/migration-checksums.json';

/** SHA-256 of the text with line endings normalised, so a Windows checkout agrees with Linux. */
function checksumOf(text: string): string {
  return createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex');
}

async function shippedChecksums(): Promise<Map<string, string>> {
  const checksums = new Map<string, string>();
  for (const file of (await readdir(migrationsDir)).sort()) {
    checksums.set(file, checksumOf(await readFile(path.join(migrationsDir, file), 'utf8')));
  }
  return checksums;
}

// A database records only the names of the migrations it ran, so an edit to one that has
// shipped never reaches a database that ran it: that database silently differs from a fresh one.
describe('migrations are append-only', () => {
  it('keeps the text of every recorded migration', async () => {
    const shipped = await shippedChecksums();
    const problems: string[] = [];
    for (const [file, checksum] of Object.entries(recorded as Record<string, string>)) {
      const now = shipped.get(file);
      if (now === undefined) {
        problems.push(
          `${file} is recorded in ${MANIFEST} but gone: a database that ran it would refuse to migrate; restore it`,
        );
      } else if (now !== checksum) {
        problems.push(
          `migrations are append-only: add a new migration instead of editing ${file} (recorded sha256 ${checksum}, now ${now})`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it('has a recorded checksum for every migration', async () => {
    const shipped = await shippedChecksums();
    const unrecorded = [...shipped]
      .filter(([file]) => !(file in recorded))
      .map(
        ([file, checksum]) =>
          `${file} has no recorded checksum: once it is final, add "${file}": "${checksum}" to ${MANIFEST} (from then on it must not change)`,
      );
    expect(unrecorded).toEqual([]);
  });

  it('registers every migration file, in file-name order', async () => {
    const files = [...(await shippedChecksums()).keys()].map((file) => file.replace(/\.ts$/, ''));
    expect(Object.keys(migrations), 'migrations.ts lists each file of migrations/').toEqual(files);
  });
});
