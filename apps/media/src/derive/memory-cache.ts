/**
 * What an entry costs beyond its body: the key, the Map entry, the value and Buffer objects.
 * Counted so that a flood of tiny derivations (1×1 images of every width) cannot pile up
 * millions of entries within a budget meant for bodies.
 */
const ENTRY_OVERHEAD_BYTES = 512;

function entrySize(key: string, value: { body: Uint8Array }): number {
  return value.body.byteLength + key.length * 2 + ENTRY_OVERHEAD_BYTES;
}

/** A least-recently-used cache bounded by the total byte size of its entries. */
export class MemoryCache<V extends { body: Uint8Array }> {
  private readonly entries = new Map<string, V>();
  private size = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    // Anything above an eighth of the budget would evict too much of the hot set.
    if (value.body.byteLength > this.maxBytes / 8) return;
    this.delete(key);
    this.entries.set(key, value);
    this.size += entrySize(key, value);
    for (const [oldestKey, oldest] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.entries.delete(oldestKey);
      this.size -= entrySize(oldestKey, oldest);
    }
  }

  delete(key: string): void {
    const existing = this.entries.get(key);
    if (existing !== undefined) {
      this.entries.delete(key);
      this.size -= entrySize(key, existing);
    }
  }

  deleteWhere(predicate: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (predicate(key)) this.delete(key);
  }

  get bytes(): number {
    return this.size;
  }
}
