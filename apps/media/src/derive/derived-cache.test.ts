import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskDerivedCache } from './derived-cache';

const MB = 1024 * 1024;
let root: string;

const folderOf = (publicId: string) => path.join(root, publicId);

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'coursepack-derived-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('DiskDerivedCache', () => {
  it('counts blocks on disk, forgets an asset, and declines a file too large to keep', async () => {
    const cache = new DiskDerivedCache(root, folderOf, 16 * MB);
    await cache.settled();
    await cache.write('a', 'tiny.png', Buffer.alloc(100, 1));
    const { blocks } = await stat(path.join(root, 'a', 'tiny.png'));
    // A 100-byte file takes a whole block (4 KiB on most file systems), and that is counted.
    expect(cache.bytes).toBe(blocks * 512);
    expect(cache.bytes).toBeGreaterThanOrEqual(100);

    await cache.write('b', 'one.png', Buffer.alloc(MB, 2));
    expect((await cache.read('b', 'one.png'))?.equals(Buffer.alloc(MB, 2))).toBe(true);
    expect(await cache.read('b', 'never-made.png')).toBeUndefined();

    // Its folder removed by a re-upload: no longer counted.
    await rm(path.join(root, 'b'), { recursive: true });
    cache.forget('b');
    expect(cache.bytes).toBe(blocks * 512);

    // Over a quarter of the limit: served by the caller, never kept.
    await cache.write('c', 'huge.png', Buffer.alloc(5 * MB, 3));
    expect(await readdir(root)).not.toContain('c');
  });

  it('reads what is on disk at start-up, and a file removed meanwhile is a miss, not an error', async () => {
    const first = new DiskDerivedCache(root, folderOf, 16 * MB);
    await first.write('a', 'x.png', Buffer.alloc(MB, 1));
    await first.write('a', 'y.png', Buffer.alloc(MB, 2));

    const second = new DiskDerivedCache(root, folderOf, 16 * MB);
    await second.settled();
    expect(second.bytes).toBe(first.bytes);

    await rm(path.join(root, 'a', 'x.png'));
    expect(await second.read('a', 'x.png')).toBeUndefined();
    expect(second.bytes).toBe(first.bytes / 2);
  });
});
