// A pre-flight check of a PDF's streams, run before pdf.js sees the file. pdf.js inflates a
// content stream whole and turns every operator into operator-list entries (and every shown
// character into glyph objects and canvas paths) before anything can stop it: a 300 KB file
// inflating to 100 MB of text grew a service to 24 GB. Here each stream is inflated by zlib
// with a hard output cap, one at a time, so a bomb costs at most `maxStreamBytes` of memory and
// the whole scan at most `maxTotalStreamBytes` of decoding. Operators are not counted: a
// technical drawing holds hundreds of thousands of cheap ones, and what a page costs to draw
// is bounded where it is drawn (the renderer's deadline, heap cap and image budget).
//
// The file is read object by object (`N G obj … endobj`, and the objects packed inside object
// streams), as pdf.js itself does when a file's cross-reference table is broken, so a damaged
// table cannot hide a stream. Every search is bounded by the object it is in: no input makes
// the scan quadratic.
//
// Plain JavaScript with JSDoc (types in scan-pdf-streams.d.mts): the media service's PDF
// worker threads import it, and worker threads start without the TypeScript loader.

import { brotliDecompressSync, constants, inflateRawSync } from 'node:zlib';

/**
 * @typedef {import('./scan-pdf-streams.mjs').StreamLimits} StreamLimits
 * @typedef {import('./scan-pdf-streams.mjs').StreamProblem} StreamProblem
 * @typedef {import('./scan-pdf-streams.mjs').StreamScan} StreamScan
 * @typedef {{ number: number, label: string, head: string, data?: Buffer }} PdfObject
 * @typedef {{ head: string, decodedBytes?: number }} ScannedObject
 */

const OBJ = Buffer.from('obj', 'latin1');
const END_OBJ = Buffer.from('endobj', 'latin1');
const STREAM = Buffer.from('stream', 'latin1');
const END_STREAM = Buffer.from('endstream', 'latin1');
/** `N G ` before an `obj` keyword: a header is never longer than this. */
const MAX_HEADER_BYTES = 24;

/**
 * Images are bounded by pdf.js's pixel limit; attachments are never decoded to render or read.
 * Only a label, though: pdf.js draws a page's contents (and a glyph, a tiling pattern, an
 * annotation's appearance) whatever its dictionary says, so streams used so are decoded anyway.
 */
const NOT_DECODED = /\/Subtype\s*\/Image\b|\/Type\s*\/EmbeddedFile\b/;
/** A tiling pattern's cell is drawn as content, whatever else its dictionary says. */
const PATTERN = /\/PatternType\b/;
/**
 * Keys whose values name streams drawn as content: `/Contents` (a stream or an array of them),
 * `/CharProcs` (Type 3 glyphs) and `/AP` (annotation appearances), each direct or indirect.
 */
const CONTENT_KEYS = /\/(Contents|CharProcs|AP)(?![^\s/[\]<>(){}%])/g;
const OBJECT_STREAM = /\/Type\s*\/ObjStm\b/;
const REFERENCE = /(\d+)\s+\d+\s+R\b/g;

const WHITESPACE = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITESPACE[byte] = 1;
/** Regular characters: neither whitespace nor one of PDF's delimiters `()<>[]{}/%`. */
const REGULAR = new Uint8Array(256).fill(1);
for (let byte = 0; byte < 256; byte++) if (WHITESPACE[byte]) REGULAR[byte] = 0;
for (const character of '()<>[]{}/%') REGULAR[character.charCodeAt(0)] = 0;

/** What `decodeStream` answers for a stream decoding beyond its limit. */
const TOO_LARGE = Symbol('too large');

/**
 * Where `search` first occurs in `bytes` between `from` and `to`, or -1: searches stay within
 * one object, so many objects cost one pass over the file, not one pass each.
 * @param {Buffer} bytes
 * @param {Buffer} search
 * @param {number} from
 * @param {number} to
 */
function indexWithin(bytes, search, from, to) {
  const index = bytes.subarray(from, to).indexOf(search);
  return index < 0 ? -1 : from + index;
}

/**
 * The next object header (`N G obj`) from `from`: where it starts and where its body does.
 * @param {Buffer} bytes
 * @param {number} from
 */
function findObjectHeader(bytes, from) {
  for (let at = bytes.indexOf(OBJ, from); at >= 0; at = bytes.indexOf(OBJ, at + OBJ.length)) {
    if (REGULAR[bytes[at + OBJ.length] ?? 0x20]) continue;
    // `endobj` has no digits just before it, so it never matches.
    const header = /(\d+)\s+(\d+)\s*$/.exec(
      bytes.toString('latin1', Math.max(0, at - MAX_HEADER_BYTES), at),
    );
    if (!header) continue;
    return {
      start: at - header[0].length,
      bodyStart: at + OBJ.length,
      number: Number(header[1]),
      label: `${header[1]} ${header[2]}`,
    };
  }
  return undefined;
}

/**
 * The `stream` keyword in an object's body, followed by CRLF or LF (a lone CR is tolerated, as
 * pdf.js does): where the keyword is and where the data starts.
 * @param {Buffer} bytes
 * @param {number} from
 * @param {number} to
 */
function findStreamKeyword(bytes, from, to) {
  for (let at = indexWithin(bytes, STREAM, from, to); at >= 0; ) {
    let dataStart = at + STREAM.length;
    if (bytes[dataStart] === 0x0d) dataStart++;
    if (bytes[dataStart] === 0x0a) dataStart++;
    if (!REGULAR[bytes[at - 1] ?? 0x20] && dataStart > at + STREAM.length) {
      return { keyword: at, dataStart };
    }
    at = indexWithin(bytes, STREAM, at + STREAM.length, to);
  }
  return undefined;
}

/**
 * Where a stream's data ends: its direct `/Length` when `endstream` follows there, else the
 * next `endstream` (indirect or wrong lengths are common).
 * @param {Buffer} bytes
 * @param {string} head
 * @param {number} start
 */
function findStreamEnd(bytes, head, start) {
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(head);
  if (length) {
    const end = start + Number(length[1]);
    let after = end;
    while (after < bytes.length && after < end + 64 && WHITESPACE[bytes[after] ?? 0]) after++;
    if (bytes.subarray(after, after + END_STREAM.length).equals(END_STREAM)) return end;
  }
  const endKeyword = bytes.indexOf(END_STREAM, start);
  return endKeyword < 0 ? bytes.length : endKeyword;
}

/**
 * Every top-level object, in file order. Each reaches to its `endobj` or to the next header,
 * whichever comes first; a stream's data may spell `obj` by chance, so the next header is
 * looked for after it.
 * @param {Buffer} bytes
 * @returns {Generator<PdfObject>}
 */
function* findObjects(bytes) {
  let header = findObjectHeader(bytes, 0);
  while (header) {
    const start = header.bodyStart;
    let next = findObjectHeader(bytes, start);
    const regionEnd = next ? next.start : bytes.length;
    const endObj = indexWithin(bytes, END_OBJ, start, regionEnd);
    const bodyEnd = endObj < 0 ? regionEnd : endObj;
    const stream = findStreamKeyword(bytes, start, bodyEnd);
    if (stream) {
      const head = bytes.toString('latin1', start, stream.keyword);
      const dataEnd = findStreamEnd(bytes, head, stream.dataStart);
      if (next && next.start < dataEnd) next = findObjectHeader(bytes, dataEnd);
      yield {
        number: header.number,
        label: header.label,
        head,
        data: bytes.subarray(stream.dataStart, dataEnd),
      };
    } else {
      yield {
        number: header.number,
        label: header.label,
        head: bytes.toString('latin1', start, bodyEnd),
      };
    }
    header = next;
  }
}

/**
 * A name's text with its `#xx` escapes decoded, as pdf.js reads it (`/Fl#61teDecode` is
 * FlateDecode).
 * @param {string} name
 */
function decodeName(name) {
  return name.replace(/#([0-9a-f]{2})/gi, (_, hex) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/**
 * The raw text of a value starting at `from`: a reference, an array, a dictionary (balanced),
 * a name, or the first token of anything else.
 * @param {string} text
 * @param {number} from
 */
function readValue(text, from) {
  const rest = text.slice(from).replace(/^\s+/, '');
  const reference = /^\d+\s+\d+\s+R\b/.exec(rest);
  if (reference) return reference[0];
  if (rest.startsWith('<<')) {
    let depth = 0;
    for (let index = 0; index < rest.length - 1; index++) {
      const pair = rest.slice(index, index + 2);
      if (pair === '<<') depth++;
      else if (pair === '>>') depth--;
      else continue;
      index++;
      if (depth === 0) return rest.slice(0, index + 1);
    }
    return rest;
  }
  if (rest.startsWith('[')) {
    const end = rest.indexOf(']');
    return end < 0 ? rest : rest.slice(0, end + 1);
  }
  return /^\/?[^\s/[\]<>(){}%]*/.exec(rest)?.[0] ?? '';
}

/**
 * The object a reference names, by its head (trimmed); other values as they are.
 * @param {string} value
 * @param {Map<number, string>} heads
 */
function resolve(value, heads) {
  const reference = /^(\d+)\s+\d+\s+R$/.exec(value.trim());
  return reference ? (heads.get(Number(reference[1])) ?? '').trim() : value.trim();
}

/**
 * A stream's filters as pdf.js reads them (Parser.filter): `/F` before `/Filter`, either a
 * name or an array, each possibly an indirect reference; undefined when pdf.js would give up
 * on the stream (an array holding something other than a name).
 * @param {string} head
 * @param {Map<number, string>} heads
 * @returns {string[] | undefined}
 */
function readFilters(head, heads) {
  /** @type {Record<string, string>} */
  const found = {};
  for (const match of head.matchAll(/\/(Filter|F)(?![^\s/[\]<>(){}%])/g)) {
    const key = match[1] ?? '';
    found[key] ??= readValue(head, (match.index ?? 0) + match[0].length);
  }
  const value = resolve(found.F ?? found.Filter ?? '', heads);
  if (value.startsWith('/')) return [decodeName(value.slice(1))];
  if (!value.startsWith('[')) return [];
  const filters = [];
  for (const item of value.slice(1, -1).matchAll(/\d+\s+\d+\s+R\b|\/[^\s/[\]<>(){}%]*|[^\s]+/g)) {
    const name = resolve(item[0], heads);
    if (!name.startsWith('/')) return undefined;
    filters.push(decodeName(name.slice(1)));
  }
  return filters;
}

/**
 * Inflates with a hard cap (throwing a RangeError past it). The two-byte zlib header is
 * skipped and the data inflated raw, so a wrong checksum (which zlib refuses but pdf.js
 * ignores) cannot hide a bomb; a sync flush reads a truncated stream as far as it goes, as
 * pdf.js does.
 * @param {Buffer} data
 * @param {number} limit
 */
function inflate(data, limit) {
  const zlibHeader =
    ((data[0] ?? 0) & 0x0f) === 8 && (((data[0] ?? 0) << 8) | (data[1] ?? 0)) % 31 === 0;
  return inflateRawSync(zlibHeader ? data.subarray(2) : data, {
    // zlib refuses a limit of 0; one byte more is caught by the caller's own comparison.
    maxOutputLength: Math.max(1, limit),
    finishFlush: constants.Z_SYNC_FLUSH,
  });
}

/** @param {Buffer} data */
function decodeAsciiHex(data) {
  const digits = data
    .toString('latin1')
    .replace(/>.*$/s, '')
    .replace(/[^0-9a-f]/gi, '');
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
}

/** @param {Buffer} data */
function decodeAscii85(data) {
  const text = data.toString('latin1').replace(/~>.*$/s, '').replace(/\s/g, '');
  /** @type {number[]} */
  const out = [];
  /** @type {number[]} */
  let group = [];
  /** @param {number} count */
  const flush = (count) => {
    while (group.length < 5) group.push(84);
    let value = 0;
    for (const digit of group) value = value * 85 + digit;
    for (let shift = 24, index = 0; index < count; shift -= 8, index++) {
      out.push((value >>> shift) & 0xff);
    }
    group = [];
  };
  for (const character of text) {
    if (character === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const digit = character.charCodeAt(0) - 33;
    if (digit < 0 || digit > 84) continue;
    group.push(digit);
    if (group.length === 5) flush(4);
  }
  if (group.length > 1) flush(group.length - 1);
  return Buffer.from(out);
}

/** Filters pdf.js decodes that the scan cannot: such streams are reported unmeasured. */
const UNDECODED_FILTERS = new Set([
  ...['LZW', 'LZWDecode', 'DCT', 'DCTDecode', 'JPX', 'JPXDecode', 'CCF', 'CCITTFaxDecode'],
  ...['RL', 'RunLengthDecode', 'JBIG2Decode'],
]);

/**
 * The stream's decoded bytes; TOO_LARGE past `limit`; undefined when a filter is one we cannot
 * decode (LZW, RunLength, DCT…) or the data is damaged or encrypted: pdf.js stops at the same
 * point in damaged data, and the callers' heap caps and deadlines bound the rest. A filter name
 * pdf.js does not know passes the data through unchanged, there as here.
 * @param {string[] | undefined} filters
 * @param {Buffer} data
 * @param {number} limit
 * @returns {Buffer | typeof TOO_LARGE | undefined}
 */
function decodeStream(filters, data, limit) {
  if (!filters) return undefined;
  let decoded = data;
  for (const filter of filters) {
    try {
      if (filter === 'FlateDecode' || filter === 'Fl') decoded = inflate(decoded, limit);
      else if (filter === 'ASCIIHexDecode' || filter === 'AHx') decoded = decodeAsciiHex(decoded);
      else if (filter === 'ASCII85Decode' || filter === 'A85') decoded = decodeAscii85(decoded);
      else if (filter === 'BrotliDecode') {
        decoded = brotliDecompressSync(decoded, { maxOutputLength: Math.max(1, limit) });
      } else if (UNDECODED_FILTERS.has(filter)) return undefined;
    } catch (error) {
      // ERR_BUFFER_TOO_LARGE: the output reached maxOutputLength.
      if (error instanceof RangeError) return TOO_LARGE;
      return undefined;
    }
  }
  return decoded.byteLength > limit ? TOO_LARGE : decoded;
}

/**
 * The objects packed in an object stream (PDF 1.5), by number: pages often live there.
 * Object streams never hold streams, so only their heads matter.
 * @param {string} head
 * @param {Buffer} decoded
 * @returns {[number, string][]}
 */
function unpackObjectStream(head, decoded) {
  const first = Number(/\/First\s+(\d+)/.exec(head)?.[1]);
  if (!Number.isInteger(first)) return [];
  const text = decoded.toString('latin1');
  const numbers = text.slice(0, first).trim().split(/\s+/).map(Number);
  /** @type {[number, string][]} */
  const entries = [];
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
 * The decoded bytes of a page's `/Contents` (a stream, or an array of them, direct or not);
 * `Infinity` when one is beyond the per-stream limit; `undefined` when the page object was not
 * found, so it cannot be measured.
 * @param {Map<number, ScannedObject>} objects
 * @param {number} pageObjectNumber
 */
function measurePageContent(objects, pageObjectNumber) {
  const page = objects.get(pageObjectNumber);
  if (!page) return undefined;
  const contents = /\/Contents\s*(\d+\s+\d+\s+R|\[[^\]]*\])/.exec(page.head)?.[1];
  if (!contents) return 0;
  let references = [...contents.matchAll(REFERENCE)].map((match) => Number(match[1]));
  const single = references.length === 1 ? objects.get(references[0] ?? -1) : undefined;
  if (single && single.decodedBytes === undefined && single.head.trim().startsWith('[')) {
    references = [...single.head.matchAll(REFERENCE)].map((match) => Number(match[1]));
  }
  return references.reduce((sum, number) => sum + (objects.get(number)?.decodedBytes ?? 0), 0);
}

/** How deep pages inherit resources and forms nest: real files use a few levels. */
const MAX_NESTING = 16;

/**
 * The raw value of `key` in a dictionary's text (a reference stays one); '' when absent.
 * @param {string} dictionary
 * @param {string} key
 */
function readValueOf(dictionary, key) {
  const match = new RegExp(`/${key}(?![^\\s/[\\]<>(){}%])`).exec(dictionary);
  return match ? readValue(dictionary, match.index + match[0].length) : '';
}

/**
 * The value of `key` in a dictionary's text, a reference followed to its object; '' when absent.
 * @param {string} dictionary
 * @param {string} key
 * @param {Map<number, string>} heads
 */
function lookup(dictionary, key, heads) {
  return resolve(readValueOf(dictionary, key), heads);
}

/**
 * The pixels of every image a page may draw, each counted once: images named by its resources
 * (inherited from its page tree when it has none), their soft masks, and those of the forms and
 * tiling patterns it names, however deep. pdf.js decodes each whole, 4 bytes a pixel, whatever
 * size it is drawn at: six 7000² images on one page took 2 GB to draw.
 * @param {Map<number, string>} heads
 * @param {number} pageObjectNumber
 */
function measurePageImages(heads, pageObjectNumber) {
  let node = heads.get(pageObjectNumber);
  if (node === undefined) return undefined;
  let resources = '';
  for (let depth = 0; node !== undefined && depth < MAX_NESTING; depth++) {
    resources = lookup(node, 'Resources', heads);
    if (resources) break;
    /** @type {string | undefined} */
    const parent = /^(\d+)\s+\d+\s+R$/.exec(readValueOf(node, 'Parent'))?.[1];
    node = parent === undefined ? undefined : heads.get(Number(parent));
  }
  /** @type {Set<number>} */
  const seen = new Set();
  let pixels = 0;
  /**
   * @param {string} dictionary
   * @param {number} depth
   */
  const visitResources = (dictionary, depth) => {
    for (const key of ['XObject', 'Pattern']) {
      for (const match of lookup(dictionary, key, heads).matchAll(REFERENCE)) {
        visit(Number(match[1]), depth);
      }
    }
  };
  /**
   * @param {number} number
   * @param {number} depth
   */
  const visit = (number, depth) => {
    if (seen.has(number) || depth > MAX_NESTING) return;
    seen.add(number);
    const head = heads.get(number) ?? '';
    if (NOT_DECODED.test(head)) {
      // pdf.js reads the abbreviations first (dict.get("W", "Width")).
      const width = Number(lookup(head, 'W', heads) || lookup(head, 'Width', heads));
      const height = Number(lookup(head, 'H', heads) || lookup(head, 'Height', heads));
      if (Number.isFinite(width * height) && width > 0 && height > 0) pixels += width * height;
      const mask = /^(\d+)\s+\d+\s+R$/.exec(readValueOf(head, 'SMask'))?.[1];
      if (mask !== undefined) visit(Number(mask), depth + 1);
    } else {
      visitResources(lookup(head, 'Resources', heads), depth + 1);
    }
  };
  visitResources(resources, 0);
  return pixels;
}

/**
 * The numbers of the streams drawn as content, whatever their dictionaries say: those named by
 * `/Contents`, `/CharProcs` or `/AP` anywhere, through arrays and dictionaries held in their own
 * objects (two levels, as far as real files go).
 * @param {Map<number, string>} heads
 * @param {Set<number>} streams
 */
function findContentStreams(heads, streams) {
  /** @type {Set<number>} */
  const found = new Set();
  /**
   * @param {string} text
   * @param {number} depth
   */
  const collect = (text, depth) => {
    for (const match of text.matchAll(REFERENCE)) {
      const number = Number(match[1]);
      if (streams.has(number)) found.add(number);
      else if (depth > 0) collect(heads.get(number) ?? '', depth - 1);
    }
  };
  for (const head of heads.values()) {
    for (const match of head.matchAll(CONTENT_KEYS)) {
      collect(readValue(head, (match.index ?? 0) + match[0].length), 2);
    }
  }
  return found;
}

/**
 * Decodes every stream a reader of the PDF would decode (not images or attachments), one at a
 * time and under the limits, and keeps only what they measure. Filters and content are read
 * as pdf.js reads them, so object streams are unpacked first: a filter's name may live there.
 * @param {Uint8Array} file
 * @param {StreamLimits} limits
 * @returns {StreamScan}
 */
export function scanPdfStreams(file, limits) {
  const { maxStreamBytes, maxTotalStreamBytes, stopAtFirstProblem } = limits;
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const found = [...findObjects(bytes)];
  /** Every object's head by number, a later top-level one winning (an incremental update). */
  /** @type {Map<number, string>} */
  const heads = new Map();
  /** @type {Set<number>} */
  const streams = new Set();
  for (const { number, head, data } of found) {
    heads.set(number, head);
    if (data) streams.add(number);
    else streams.delete(number);
  }
  /** @type {Map<number, ScannedObject>} */
  const objects = new Map();
  /** @type {StreamProblem[]} */
  const problems = [];
  /** @type {string[]} */
  const unmeasured = [];
  let total = 0;
  /**
   * Decodes one stream under what is left of the budget; false once the scan must end.
   * @param {PdfObject & { data: Buffer }} object
   */
  const measure = ({ number, label, head, data }) => {
    // Near the end of the total budget, a stream may decode only as far as what is left.
    const limit = Math.min(maxStreamBytes, maxTotalStreamBytes - total);
    const decoded = decodeStream(readFilters(head, heads), data, limit);
    if (decoded === undefined) {
      unmeasured.push(label);
      objects.set(number, { head });
    } else if (decoded === TOO_LARGE) {
      if (limit < maxStreamBytes) {
        problems.push({ code: 'totalTooLarge' });
        return false;
      }
      problems.push({ code: 'streamTooLarge', stream: label });
      objects.set(number, { head, decodedBytes: Number.POSITIVE_INFINITY });
      // What decoding it cost counts: otherwise many bombs would make the scan the bomb.
      total += limit;
      if (stopAtFirstProblem) return false;
    } else {
      total += decoded.byteLength;
      objects.set(number, { head, decodedBytes: decoded.byteLength });
      if (OBJECT_STREAM.test(head)) {
        for (const [packed, packedHead] of unpackObjectStream(head, decoded)) {
          if (!heads.has(packed)) heads.set(packed, packedHead);
        }
      }
    }
    return true;
  };
  const report = () => {
    for (const [number, head] of heads) {
      if (objects.get(number)?.head !== head) objects.set(number, { head });
    }
    return {
      problems,
      unmeasured,
      /** @param {number} pageObjectNumber */
      pageContentBytes: (pageObjectNumber) => measurePageContent(objects, pageObjectNumber),
      /** @param {number} pageObjectNumber */
      pageImagePixels: (pageObjectNumber) => measurePageImages(heads, pageObjectNumber),
    };
  };
  // Object streams first (only their own top-level heads can name their filters).
  for (const object of found) {
    if (
      object.data &&
      OBJECT_STREAM.test(object.head) &&
      heads.get(object.number) === object.head
    ) {
      if (!measure({ ...object, data: object.data })) return report();
    }
  }
  const content = findContentStreams(heads, streams);
  for (const object of found) {
    const { number, head, data } = object;
    if (!data) continue;
    const drawn = content.has(number) || PATTERN.test(head);
    // An object stream used as a page's contents is drawn too: measured again, as content.
    if (!drawn && (NOT_DECODED.test(head) || OBJECT_STREAM.test(head))) continue;
    if (!measure({ ...object, data })) break;
  }
  return report();
}

/**
 * A problem in plain English, naming the stream and the limit (the media service answers it
 * in `x-cld-error`).
 * @param {StreamProblem} problem
 * @param {StreamLimits} limits
 * @returns {string}
 */
export function describeStreamProblem(problem, limits) {
  switch (problem.code) {
    case 'streamTooLarge':
      return `PDF stream ${problem.stream} decodes to more than ${limits.maxStreamBytes} bytes (the maximum)`;
    case 'totalTooLarge':
      return `PDF streams decode to more than ${limits.maxTotalStreamBytes} bytes in all (the maximum)`;
  }
}
