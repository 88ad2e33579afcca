/** A least-recently-used cache bounded by the total byte size of its values. */
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
    this.size += value.body.byteLength;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.entries.delete(oldestKey);
      this.size -= oldest.body.byteLength;
    }
  }

  delete(key: string): void {
    const existing = this.entries.get(key);
    if (existing !== undefined) {
      this.entries.delete(key);
      this.size -= existing.body.byteLength;
    }
  }

  deleteWhere(predicate: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (predicate(key)) this.delete(key);
  }

  get bytes(): number {
    return this.size;
  }
}
