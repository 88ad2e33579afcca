import { readFile } from 'node:fs/promises';
import { LruMap } from '../lru-map';

/** Files are re-read at most this often, so other processes' writes show up within it. */
export const JSON_FILE_TTL_MS = 1_000;

/**
 * Small JSON files (asset records, named transformations) that every media process sharing the
 * folder reads and writes: each is read through this cache, remembered for a second (misses
 * too), and whoever writes one remembers what it wrote at once.
 */
export class CachedJsonFiles<T> {
  private readonly entries: LruMap<string, { value: T | undefined; readAt: number }>;

  constructor(maxEntries: number) {
    this.entries = new LruMap(maxEntries);
  }

  /** How many files (and misses) are held in memory. */
  get size(): number {
    return this.entries.size;
  }

  /** The parsed file `file` (cached under `key`), or undefined when it does not exist. */
  async read(key: string, file: string): Promise<T | undefined> {
    const cached = this.entries.get(key);
    const now = Date.now();
    if (cached && now - cached.readAt < JSON_FILE_TTL_MS) return cached.value;
    let value: T | undefined;
    try {
      value = JSON.parse(await readFile(file, 'utf8')) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    this.entries.set(key, { value, readAt: now });
    return value;
  }

  /**
   * The cached value without reading the file: `stale` when `read` would read it again (its
   * second is over, or it was never read). Hot answers check their sources with it.
   */
  peek(key: string): T | undefined | 'stale' {
    const cached = this.entries.peek(key);
    return cached && Date.now() - cached.readAt < JSON_FILE_TTL_MS ? cached.value : 'stale';
  }

  /** What this process just wrote (or removed: undefined) under `key`. */
  remember(key: string, value: T | undefined): void {
    this.entries.set(key, { value, readAt: Date.now() });
  }
}
