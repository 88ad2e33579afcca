import { describe, expect, it } from 'vitest';
import { MemoryCache } from './memory-cache';

describe('MemoryCache', () => {
  it('evicts the least recently used entries past its byte budget', () => {
    const cache = new MemoryCache<{ body: Uint8Array }>(40_000);
    cache.set('a', { body: new Uint8Array(4_000) });
    cache.set('b', { body: new Uint8Array(4_000) });
    cache.get('a');
    for (let index = 0; index < 7; index++) cache.set(`c${index}`, { body: new Uint8Array(4_000) });
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.bytes).toBeLessThanOrEqual(40_000);
  });

  it('counts each entry beyond its body, so tiny bodies cannot pile up', () => {
    const cache = new MemoryCache<{ body: Uint8Array }>(100_000);
    for (let index = 0; index < 100_000; index++) {
      cache.set(`derivation-${index}`, { body: new Uint8Array(1) });
    }
    expect(cache.get('derivation-0')).toBeUndefined();
    expect(cache.get('derivation-99999')).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
  });
});
