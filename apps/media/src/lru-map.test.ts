import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('keeps at most maxEntries, evicting the least recently used', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.size).toBe(2);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
  });

  it('stays bounded under a stream of distinct keys', () => {
    const map = new LruMap<number, boolean>(100);
    for (let key = 0; key < 10_000; key++) map.set(key, true);
    expect(map.size).toBe(100);
    expect(map.get(9_999)).toBe(true);
    expect(map.get(0)).toBeUndefined();
  });
});
