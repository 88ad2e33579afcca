import { constants, inflateSync } from 'node:zlib';

/**
 * What a PDF's streams expand to, measured before pdf.js reads it: pdf.js inflates a content
 * stream whole and keeps every operator it parses, so a 300 KB file whose page inflates to
 * 100 MB would cost gigabytes and minutes. zlib's `maxOutputLength` stops each inflation at
 * the limit instead, and the results are thrown away: at most one stream is held at a time.
 *
 * The file is scanned object by object (`n g obj … endobj`, and the objects packed inside
 * object streams), as pdf.js itself does when a file's cross-reference table is broken, so a
 * damaged table cannot hide a stream. Streams that reading text never decodes (images,
 * attachments) are skipped. Filters other than a single FlateDecode are not measured: their
 * streams are left to the deadline and the heap limit of the reading process.
 */
export type StreamScan =
  | {
      ok: true;
      /** Some stream expands beyond `maxStreamBytes` (measured as `Infinity`). */
      oversized: boolean;
      /** `undefined` when the page object was not found, so it could not be measured. */
      pageContentBytes: (pageObjectNumber: number) => number | undefined;
    }
  | { ok: false; problem: 'totalTooLarge' };

export interface StreamBudget {
  maxStreamBytes: number;
  maxTotalStreamBytes: number;
}

interface PdfObject {
  /** The object's dictionary (or whole value, for an object that is not a stream). */
  head: string;
  /** Decompressed size of its stream, when it has one and it could be measured. */
  streamBytes?: number;
}

const OBJECT_HEADER = /(\d+)\s+\d+\s+obj\b/;
const STREAM_KEYWORD = /\bstream(?:\r\n|\r|\n)/;
const SKIPPED_STREAM = /\/Subtype\s*\/Image\b|\/Type\s*\/EmbeddedFile\b/;
const REFERENCE = /(\d+)\s+\d+\s+R\b/g;

/** Thrown to stop the scan once the streams together pass `maxTotalStreamBytes`. */
class TotalTooLarge extends Error {}

export function scanPdfStreams(bytes: Uint8Array, budget: StreamBudget): StreamScan {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let totalBytes = 0;
  let oversized = false;
  const measure = (head: string, data: Buffer): number | undefined => {
    const size = decodedSize(head, data, budget.maxStreamBytes);
    if (size === undefined) return undefined;
    if (size === Number.POSITIVE_INFINITY) {
      oversized = true;
      return size;
    }
    totalBytes += size;
    if (totalBytes > budget.maxTotalStreamBytes) throw new TotalTooLarge();
    return size;
  };
  try {
    const objects = new Map<number, PdfObject>();
    const packed: { head: string; data: Buffer }[] = [];
    // Each object reaches to its `endobj` or to the next header, whichever comes first, so a
    // file of headers without `endobj` costs one pass, not one pass per header.
    const headers = new RegExp(OBJECT_HEADER, 'g');
    let match = headers.exec(text);
    while (match) {
      const number = Number(match[1]);
      const start = match.index + match[0].length;
      let next = headers.exec(text);
      const region = text.slice(start, next ? next.index : text.length);
      const endobj = region.indexOf('endobj');
      const body = endobj === -1 ? region : region.slice(0, endobj);
      const keyword = STREAM_KEYWORD.exec(body);
      if (keyword) {
        const head = body.slice(0, keyword.index);
        const dataStart = start + keyword.index + keyword[0].length;
        const dataEnd = streamEnd(text, head, dataStart);
        // The next object starts after the stream: its bytes may spell `obj` by chance.
        if (next && next.index < dataEnd) {
          headers.lastIndex = dataEnd;
          next = headers.exec(text);
        }
        if (SKIPPED_STREAM.test(head)) {
          objects.set(number, { head });
        } else {
          const data = Buffer.from(bytes.buffer, bytes.byteOffset + dataStart, dataEnd - dataStart);
          objects.set(number, { head, streamBytes: measure(head, data) });
          if (/\/Type\s*\/ObjStm\b/.test(head)) packed.push({ head, data });
        }
      } else {
        objects.set(number, { head: body });
      }
      match = next;
    }
    for (const stream of packed) {
      for (const [number, head] of unpackObjectStream(stream.head, stream.data, budget)) {
        // An object written at the top level (an incremental update) wins over a packed one.
        if (!objects.has(number)) objects.set(number, { head });
      }
    }
    return {
      ok: true,
      oversized,
      pageContentBytes: (pageObjectNumber) => pageContentBytes(objects, pageObjectNumber),
    };
  } catch (error) {
    if (error instanceof TotalTooLarge) return { ok: false, problem: 'totalTooLarge' };
    throw error;
  }
}

function indexOrLength(text: string, search: string, from: number): number {
  const index = text.indexOf(search, from);
  return index === -1 ? text.length : index;
}

/** By `/Length` when it is direct and lands on `endstream`, else by searching for it. */
function streamEnd(text: string, head: string, dataStart: number): number {
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(head);
  if (length) {
    const end = dataStart + Number(length[1]);
    if (/^\s*endstream/.test(text.slice(end, end + 64))) return end;
  }
  return indexOrLength(text, 'endstream', dataStart);
}

function filtersOf(head: string): string[] {
  const filter = /\/Filter\s*(\/[^\s/[\]<>]+|\[[^\]]*\])/.exec(head);
  return filter?.[1]
    ? [...filter[1].matchAll(/\/([^\s/[\]<>]+)/g)].map((name) => name[1] ?? '')
    : [];
}

/**
 * `Infinity` beyond `maxBytes`; `undefined` when a filter other than one FlateDecode is in the
 * way, or the data is damaged.
 */
function decodedSize(head: string, data: Buffer, maxBytes: number): number | undefined {
  if (filtersOf(head).length === 0) {
    return data.byteLength > maxBytes ? Number.POSITIVE_INFINITY : data.byteLength;
  }
  const inflated = inflateCapped(head, data, maxBytes);
  return inflated === 'oversized' ? Number.POSITIVE_INFINITY : inflated?.byteLength;
}

function inflateCapped(
  head: string,
  data: Buffer,
  maxBytes: number,
): Buffer | 'oversized' | undefined {
  const filters = filtersOf(head);
  if (filters.length !== 1 || !['FlateDecode', 'Fl'].includes(filters[0] ?? '')) return undefined;
  try {
    // Sync flush: a truncated stream, which pdf.js reads as far as it goes, measures the same.
    return inflateSync(data, { maxOutputLength: maxBytes, finishFlush: constants.Z_SYNC_FLUSH });
  } catch (error) {
    // ERR_BUFFER_TOO_LARGE: the output reached maxOutputLength.
    return error instanceof RangeError ? 'oversized' : undefined;
  }
}

/** The objects packed in an object stream (PDF 1.5), by number: pages often live there. */
function unpackObjectStream(head: string, data: Buffer, budget: StreamBudget): [number, string][] {
  const first = Number(/\/First\s+(\d+)/.exec(head)?.[1]);
  const inflated = inflateCapped(head, data, budget.maxStreamBytes);
  if (!(inflated instanceof Buffer) || !Number.isInteger(first)) return [];
  const text = inflated.toString('latin1');
  const numbers = text.slice(0, first).trim().split(/\s+/).map(Number);
  const entries: [number, string][] = [];
  for (let index = 0; index + 1 < numbers.length; index += 2) {
    const number = numbers[index] ?? Number.NaN;
    const offset = first + (numbers[index + 1] ?? Number.NaN);
    const next = index + 3 < numbers.length ? first + (numbers[index + 3] ?? 0) : text.length;
    if (Number.isInteger(number) && Number.isInteger(offset)) {
      entries.push([number, text.slice(offset, next)]);
    }
  }
  return entries;
}

/**
 * The decompressed bytes of a page's `/Contents` (a stream, or an array of them, direct or
 * not); `undefined` when the page object was not found, so it cannot be measured.
 */
function pageContentBytes(objects: Map<number, PdfObject>, pageObjectNumber: number) {
  const page = objects.get(pageObjectNumber);
  if (!page) return undefined;
  const contents = /\/Contents\s*(\d+\s+\d+\s+R|\[[^\]]*\])/.exec(page.head)?.[1];
  if (!contents) return 0;
  let references = [...contents.matchAll(REFERENCE)].map((match) => Number(match[1]));
  const single = references.length === 1 ? objects.get(references[0] ?? -1) : undefined;
  if (single && single.streamBytes === undefined && single.head.trim().startsWith('[')) {
    references = [...single.head.matchAll(REFERENCE)].map((match) => Number(match[1]));
  }
  return references.reduce((sum, number) => sum + (objects.get(number)?.streamBytes ?? 0), 0);
}
