import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetStore } from './asset-store';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'coursepack-assets-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('AssetStore', () => {
  it('remembers a bounded number of misses for unknown ids', async () => {
    const store = new AssetStore(dir, 50);
    for (let index = 0; index < 500; index++) {
      expect(await store.get(`missing/${index}`)).toBeUndefined();
    }
    expect(store.cachedRecords).toBe(50);
  });
});
