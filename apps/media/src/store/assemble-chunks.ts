import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MediaError } from '../media-error';

/** One part of a chunked upload, from its `X-Unique-Upload-Id` and `Content-Range` headers. */
export interface Chunk {
  uploadId: string;
  start: number;
  end: number;
  /** The whole file's size, known only on the last chunk (the SDK sends `-1` before). */
  total?: number;
}

/** Chunks of an upload that never finished are removed after this long. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** Reads the chunk headers; undefined when the request is an ordinary (whole-file) upload. */
export function readChunkHeaders(
  uploadId: string | undefined,
  contentRange: string | undefined,
  maxUploadBytes: number,
): Chunk | undefined {
  if (uploadId === undefined && contentRange === undefined) return undefined;
  if (!uploadId || !/^[\w-]{1,128}$/.test(uploadId)) {
    throw new MediaError('invalid_request', 'Invalid X-Unique-Upload-Id header');
  }
  const match = /^bytes (\d{1,12})-(\d{1,12})\/(-1|\d{1,12})$/.exec(contentRange ?? '');
  if (!match) {
    throw new MediaError(
      'invalid_request',
      'Invalid Content-Range header: expected "bytes start-end/total" (total -1 until the last chunk)',
    );
  }
  const start = Number(match[1]);
  const end = Number(match[2]);
  const total = match[3] === '-1' ? undefined : Number(match[3]);
  if (end < start || (total !== undefined && end !== total - 1)) {
    throw new MediaError('invalid_request', `Invalid Content-Range header: ${contentRange}`);
  }
  if (end >= maxUploadBytes) {
    throw new MediaError(
      'limit_exceeded',
      `File size too large. Got ${end + 1}. Maximum is ${maxUploadBytes}.`,
    );
  }
  return { uploadId, start, end, total };
}

/**
 * Chunked uploads (`upload_large`): every chunk is a signed upload request carrying one byte
 * range. Each range is kept as its own file under `{mediaDir}/chunks/{hash of the id}/`, so
 * chunks may come in any order and to any process sharing the folder; the last chunk (the one
 * that names the total) assembles the file once every byte has arrived.
 *
 * Returns the whole file, or undefined while bytes are still missing.
 */
export async function addChunk(
  mediaDir: string,
  chunk: Chunk,
  bytes: Uint8Array,
): Promise<Uint8Array | undefined> {
  if (bytes.byteLength !== chunk.end - chunk.start + 1) {
    throw new MediaError(
      'invalid_request',
      `Chunk of ${bytes.byteLength} bytes does not match Content-Range bytes ${chunk.start}-${chunk.end}`,
    );
  }
  const root = path.join(mediaDir, 'chunks');
  const dir = path.join(root, createHash('sha256').update(chunk.uploadId).digest('hex'));
  if (chunk.start === 0) await removeAbandoned(root);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${chunk.start}-${chunk.end}`), bytes);
  if (chunk.total === undefined) return undefined;

  const ranges = (await readdir(dir))
    .map((name) => name.split('-').map(Number) as [number, number])
    .sort((a, b) => a[0] - b[0]);
  let next = 0;
  for (const [start, end] of ranges) {
    // Overlapping or missing bytes: the client's chunks do not tile the file.
    if (start !== next) {
      throw new MediaError(
        'invalid_request',
        `Chunked upload is incomplete: bytes from ${next} are missing`,
      );
    }
    next = end + 1;
  }
  const parts = await Promise.all(
    ranges.map(([start, end]) => readFile(path.join(dir, `${start}-${end}`))),
  );
  await rm(dir, { recursive: true, force: true });
  return Buffer.concat(parts);
}

async function removeAbandoned(root: string): Promise<void> {
  const names = await readdir(root).catch(() => []);
  const now = Date.now();
  await Promise.all(
    names.map(async (name) => {
      const info = await stat(path.join(root, name)).catch(() => undefined);
      if (info && now - info.mtimeMs > ABANDONED_AFTER_MS) {
        await rm(path.join(root, name), { recursive: true, force: true });
      }
    }),
  );
}
