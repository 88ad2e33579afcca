import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CachedJsonFiles } from './cached-json-files';

export type SourceFormat = 'jpg' | 'png' | 'gif' | 'webp' | 'avif' | 'pdf';

/** What the service knows about every stored file, image or raw (`meta.json` beside it). */
interface StoredFileRecord {
  publicId: string;
  version: number;
  bytes: number;
  /** MD5 of the original, as Cloudinary reports it. */
  etag: string;
  createdAt: string;
  originalFilename?: string;
  /** Optional: records written before tags and context were kept have neither. */
  tags?: string[];
  context?: Record<string, string>;
}

/** An uploaded image or PDF. */
export interface AssetRecord extends StoredFileRecord {
  format: SourceFormat;
  /** Oriented pixel size; for PDFs, page 1 at 150 DPI (the size `pg_` renders by default). */
  width: number;
  height: number;
  /** Pages of a PDF (frames of an animation); 1 otherwise. */
  pages: number;
  hasAlpha: boolean;
}

/** A raw file: any bytes, stored and delivered as is under /raw/upload/ (never decoded). */
export interface RawFileRecord extends StoredFileRecord {
  resourceType: 'raw';
  /**
   * What it is delivered as (sniffed at upload; see raw-file-type). Raw records written when
   * only images and PDFs were accepted have their `format` instead.
   */
  contentType?: string;
  format?: SourceFormat;
}

/**
 * Records (and misses: unknown ids are asked for too) kept in memory. An entry is about a
 * kilobyte, and entries live a second anyway, so this only caps a flood of distinct ids.
 */
export const MAX_CACHED_RECORDS = 10_000;

function hashId(publicId: string): string {
  return createHash('sha256').update(publicId).digest('hex').slice(0, 40);
}

/**
 * Originals and their metadata under `{mediaDir}/assets/{hash of public id}/`, derived images
 * under `{mediaDir}/derived/{same hash}/`. Paths are hashes of the public id, so no public id
 * can name a path outside these folders whatever it contains.
 */
export class AssetStore<Entry extends StoredFileRecord = AssetRecord> {
  // Re-read at most once a second, so other processes' uploads show up.
  private readonly records: CachedJsonFiles<Entry>;

  constructor(
    readonly mediaDir: string,
    maxCachedRecords = MAX_CACHED_RECORDS,
  ) {
    this.records = new CachedJsonFiles(maxCachedRecords);
  }

  /** How many records (and misses) are held in memory. */
  get cachedRecords(): number {
    return this.records.size;
  }

  assetDir(publicId: string): string {
    return path.join(this.mediaDir, 'assets', hashId(publicId));
  }

  originalPath(publicId: string): string {
    return path.join(this.assetDir(publicId), 'original');
  }

  derivedDir(publicId: string): string {
    return path.join(this.mediaDir, 'derived', hashId(publicId));
  }

  /** A scratch file on the same file system, so finished files can be renamed into place. */
  async tempPath(): Promise<string> {
    const dir = path.join(this.mediaDir, 'tmp');
    await mkdir(dir, { recursive: true });
    return path.join(dir, randomUUID());
  }

  get(publicId: string): Promise<Entry | undefined> {
    return this.records.read(publicId, path.join(this.assetDir(publicId), 'meta.json'));
  }

  /** The record as `get` would answer it now without reading, or `stale` (see CachedJsonFiles). */
  peek(publicId: string): Entry | undefined | 'stale' {
    return this.records.peek(publicId);
  }

  /** Moves `tempFile` into place as the original and writes the record (atomic renames). */
  async put(record: Entry, tempFile: string): Promise<void> {
    const dir = this.assetDir(record.publicId);
    await mkdir(dir, { recursive: true });
    await rename(tempFile, this.originalPath(record.publicId));
    const metaTemp = await this.tempPath();
    await writeFile(metaTemp, JSON.stringify(record));
    await rename(metaTemp, path.join(dir, 'meta.json'));
    this.records.remember(record.publicId, record);
    // Derived keys include the original's etag, so old derivations can never be served again;
    // removing them only reclaims space.
    await rm(this.derivedDir(record.publicId), { recursive: true, force: true });
  }

  async remove(publicId: string): Promise<boolean> {
    const existed = (await this.get(publicId)) !== undefined;
    await rm(path.join(this.assetDir(publicId), 'meta.json'), { force: true });
    await rm(this.assetDir(publicId), { recursive: true, force: true });
    await rm(this.derivedDir(publicId), { recursive: true, force: true });
    this.records.remember(publicId, undefined);
    return existed;
  }
}
