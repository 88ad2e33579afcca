import type { Stats } from 'node:fs';
import {
  mkdir,
  readdir,
  readFile,
  rename,
  stat,
  unlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';

/**
 * Where derived images are kept between requests. The disk is the one store today; an object
 * store (S3, DESIGN.md's scale-out) implements the same three calls.
 */
export interface DerivedStore {
  /** The bytes kept under the name, or undefined when they are not (never made, or evicted). */
  read(publicId: string, name: string): Promise<Buffer | undefined>;
  /** Keeps the bytes; the store may drop others (or decline these) to stay within its limit. */
  write(publicId: string, name: string, body: Uint8Array): Promise<void>;
  /** The asset's derivations were removed (a re-upload or a delete): stop counting them. */
  forget(publicId: string): void;
}

interface Entry {
  /** Bytes the file takes on disk (its blocks), not its length. */
  bytes: number;
  /** When it was last used: its modification time, or later when read since. */
  usedMs: number;
}

/** Evictions bring the total down to this share of the limit, so not every write evicts. */
const LOW_WATER = 0.9;
/** A file larger than this share of the limit is served but not kept: it would evict the rest. */
const LARGEST_SHARE = 1 / 4;
/**
 * Other processes sharing the folder write files this one does not count: after writing this
 * share of the limit itself, a process reads the folder again (see `rescan`).
 */
const RESCAN_SHARE = 1 / 16;
/** A read marks its file as used on disk (for other processes and restarts) at most this often. */
const TOUCH_INTERVAL_MS = 60_000;
/** Scratch files of a write that never finished (the process died) are removed after this. */
const ABANDONED_TEMP_MS = 10 * 60_000;
/** Files stat'ed or removed at once: the folder's upkeep must leave the thread pool to answers. */
const FILES_AT_ONCE = 4;

/** What a file takes on disk: its blocks (a 100-byte file takes 4 KiB on most file systems). */
function diskBytes(stats: Stats): number {
  return stats.blocks > 0 ? stats.blocks * 512 : stats.size;
}

/**
 * Derived images on disk, `{root}/{asset folder}/{name}`, held under `maxBytes` by removing
 * the least recently used. Each process keeps an index of the files (bytes on disk, last use)
 * in memory, rebuilt by reading the folder when it starts, so the limit holds across restarts;
 * reads and writes keep it current. Several processes may share the folder: each counts what
 * it wrote and read, reads the folder again after writing a sixteenth of the limit (so the
 * others' files are counted too), and any of them may remove a file another is using — a
 * reader that finds it gone derives it afresh (`read` answers undefined), never fails.
 */
export class DiskDerivedCache implements DerivedStore {
  /**
   * By path under the root (short keys: a full cache of thumbnails is a few hundred thousand
   * entries), least recently used first (Map keeps insertion order; a use re-inserts).
   */
  private readonly entries = new Map<string, Entry>();
  private total = 0;
  private writtenSinceScan = 0;
  private scan: Promise<void> | undefined;

  constructor(
    private readonly root: string,
    private readonly folderOf: (publicId: string) => string,
    private readonly maxBytes: number,
  ) {
    this.rescan();
  }

  /** Bytes on disk the index counts (tests and logs). */
  get bytes(): number {
    return this.total;
  }

  /** Resolves once the folder read in progress (at start-up, or a rescan) is done. */
  async settled(): Promise<void> {
    await this.scan;
  }

  async read(publicId: string, name: string): Promise<Buffer | undefined> {
    const key = this.keyOf(publicId, name);
    const file = path.join(this.root, key);
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      this.drop(key);
      return undefined;
    }
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, { ...entry, usedMs: now });
      if (now - entry.usedMs < TOUCH_INTERVAL_MS) return body;
    }
    // The modification time is the last use other processes and the next start-up see.
    utimes(file, now / 1000, now / 1000).catch(() => undefined);
    if (!entry) {
      // Written by another process: counted from now on.
      const stats = await stat(file).catch(() => undefined);
      if (stats) this.add(key, { bytes: diskBytes(stats), usedMs: now });
    }
    return body;
  }

  async write(publicId: string, name: string, body: Uint8Array): Promise<void> {
    if (body.byteLength > this.maxBytes * LARGEST_SHARE) return;
    const key = this.keyOf(publicId, name);
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader (in this or another process) never sees half a file.
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, body);
    await rename(temp, file);
    const stats = await stat(file).catch(() => undefined);
    if (!stats) return;
    this.add(key, { bytes: diskBytes(stats), usedMs: Date.now() });
    this.writtenSinceScan += diskBytes(stats);
    if (this.writtenSinceScan >= this.maxBytes * RESCAN_SHARE) this.rescan();
    await this.evict();
  }

  forget(publicId: string): void {
    const folder = this.keyOf(publicId, '');
    for (const key of [...this.entries.keys()]) if (key.startsWith(folder)) this.drop(key);
  }

  /** `{asset folder}/{name}`: where the file is under the root. */
  private keyOf(publicId: string, name: string): string {
    return path.join(path.relative(this.root, this.folderOf(publicId)), name || path.sep);
  }

  private add(key: string, entry: Entry): void {
    this.drop(key);
    this.entries.set(key, entry);
    this.total += entry.bytes;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  /** Removes the least recently used files until the total is back under the low-water mark. */
  private async evict(): Promise<void> {
    if (this.total <= this.maxBytes) return;
    const victims: string[] = [];
    // Taken out of the index at once, so concurrent writes never pick the same files.
    for (const key of this.entries.keys()) {
      if (this.total <= this.maxBytes * LOW_WATER) break;
      victims.push(key);
      this.drop(key);
    }
    // A few at a time: a start-up over a folder far past a lowered limit removes thousands.
    // A file that cannot be removed (gone already, or refused) never fails the answer that
    // wrote another; the next reading of the folder counts what is really there.
    for (let index = 0; index < victims.length; index += FILES_AT_ONCE) {
      await Promise.all(
        victims
          .slice(index, index + FILES_AT_ONCE)
          .map((key) => unlink(path.join(this.root, key)).catch(() => undefined)),
      );
    }
  }

  /** Reads the folder again in the background (one read at a time), then evicts. */
  private rescan(): void {
    if (this.scan) return;
    this.writtenSinceScan = 0;
    this.scan = this.readFolder()
      .then(() => this.evict())
      .catch(() => undefined)
      .finally(() => {
        this.scan = undefined;
      });
  }

  /**
   * Every file under the root with its size on disk and last use, merged into the index: files
   * this process used since keep their later use, files written meanwhile are kept, files gone
   * are dropped. Folders are walked a few files at a time, so a start-up over a full cache
   * never takes the thread pool from the answers.
   */
  private async readFolder(): Promise<void> {
    const started = Date.now();
    const found: [string, Entry][] = [];
    const folders = await readdir(this.root).catch(() => [] as string[]);
    for (const folder of folders) {
      const dir = path.join(this.root, folder);
      const names = await readdir(dir).catch(() => [] as string[]);
      for (let index = 0; index < names.length; index += FILES_AT_ONCE) {
        const batch = names.slice(index, index + FILES_AT_ONCE).map(async (name) => {
          const key = path.join(folder, name);
          const file = path.join(dir, name);
          const stats = await stat(file).catch(() => undefined);
          if (!stats?.isFile()) return;
          // A write in progress is counted once renamed; one left by a dead process goes.
          if (name.endsWith('.tmp')) {
            if (started - stats.mtimeMs > ABANDONED_TEMP_MS) await unlink(file).catch(() => {});
            return;
          }
          const usedMs = Math.max(stats.mtimeMs, this.entries.get(key)?.usedMs ?? 0);
          found.push([key, { bytes: diskBytes(stats), usedMs }]);
        });
        await Promise.all(batch);
      }
    }
    const seen = new Set(found.map(([key]) => key));
    for (const [key, entry] of this.entries) {
      if (!seen.has(key) && entry.usedMs >= started) found.push([key, entry]);
    }
    found.sort(([, a], [, b]) => a.usedMs - b.usedMs);
    this.entries.clear();
    this.total = 0;
    for (const [key, entry] of found) this.add(key, entry);
  }
}
