/**
 * A Map bounded by its number of entries, evicting the least recently used. Every cache in the
 * service that is keyed by request input (public ids, derivation keys, pages) uses it, so no
 * stream of distinct requests can grow memory without bound.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly maxEntries: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Map iterates in insertion order: re-inserting marks the entry as the newest.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** The value without marking it as recently used. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
