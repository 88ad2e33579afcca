// A pre-flight check of a PDF's streams, run before pdf.js sees the file. pdf.js inflates a
// content stream whole and turns every operator into operator-list entries (and every shown
// character into glyph objects and canvas paths) before anything can stop it: a 300 KB file
// inflating to 100 MB of text grew the service to 24 GB. Here each stream is inflated by zlib
// with a hard output cap and its operators are counted by a small tokenizer that allocates
// nothing per token, so a bomb costs at most `maxContentBytes` of memory and one linear scan.
// Plain JavaScript because the PDF worker thread imports it (workers start without the
// TypeScript loader).

import { constants, inflateRawSync } from 'node:zlib';

const STREAM = Buffer.from('stream', 'latin1');
const END_STREAM = Buffer.from('endstream', 'latin1');
const OBJ = Buffer.from('obj', 'latin1');
/** A stream dictionary is rarely more than a few hundred bytes; anything longer is not one. */
const MAX_DICTIONARY_BYTES = 64 * 1024;

/** Images are bounded by pdf.js's pixel limit; attachments are never decoded to render. */
const NOT_DECODED_TO_RENDER = /\/Subtype\s*\/Image\b|\/Type\s*\/EmbeddedFile\b/;
/** Streams that are not drawing instructions: bounded in size, their tokens not counted. */
const NOT_CONTENT =
  /\/Length[123]\b|\/Subtype\s*\/(Type1C|CIDFontType0C|OpenType|XML)\b|\/Type\s*\/(ObjStm|XRef|Metadata|CMap)\b|\/FunctionType\b|\/ShadingType\b|\/N\s+\d/;

const WHITESPACE = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITESPACE[byte] = 1;
/** Regular characters: neither whitespace nor one of PDF's delimiters `()<>[]{}/%`. */
const REGULAR = new Uint8Array(256).fill(1);
for (let byte = 0; byte < 256; byte++) if (WHITESPACE[byte]) REGULAR[byte] = 0;
for (const character of '()<>[]{}/%') REGULAR[character.charCodeAt(0)] = 0;

/**
 * @typedef {{ maxContentBytes: number, maxOperators: number }} ContentLimits
 * @typedef {{ label: string, dictionary: string, data: Buffer }} PdfStream
 */

/**
 * Every `N G obj << … >> stream … endstream` in the file. Streams never live inside object
 * streams, so a scan of the file finds them all, whatever the cross-reference table says.
 * @param {Buffer} bytes
 * @returns {Generator<PdfStream>}
 */
function* findStreams(bytes) {
  let from = 0;
  for (;;) {
    const keyword = bytes.indexOf(STREAM, from);
    if (keyword < 0) return;
    from = keyword + STREAM.length;
    if (keyword >= 3 && bytes.toString('latin1', keyword - 3, keyword) === 'end') continue;
    // The keyword is followed by CRLF or LF (a lone CR is tolerated, as pdf.js does).
    let start = from;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    if (start === from) continue;
    const objectKeyword = bytes.lastIndexOf(OBJ, keyword);
    if (objectKeyword < 0 || keyword - objectKeyword > MAX_DICTIONARY_BYTES) continue;
    const dictionary = bytes.toString('latin1', objectKeyword + OBJ.length, keyword);
    if (!/>>\s*$/.test(dictionary)) continue;
    const number = /(\d+)\s+(\d+)\s*$/.exec(
      bytes.toString('latin1', Math.max(0, objectKeyword - 24), objectKeyword),
    );
    const end = findStreamEnd(bytes, dictionary, start);
    from = end;
    yield {
      label: number ? `${number[1]} ${number[2]}` : `at byte ${objectKeyword}`,
      dictionary,
      data: bytes.subarray(start, end),
    };
  }
}

/**
 * Where a stream's data ends: its direct `/Length` when `endstream` follows there, else the
 * next `endstream` (indirect or wrong lengths are common).
 * @param {Buffer} bytes
 * @param {string} dictionary
 * @param {number} start
 */
function findStreamEnd(bytes, dictionary, start) {
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
  if (length) {
    const end = start + Number(length[1]);
    let after = end;
    while (after < bytes.length && WHITESPACE[bytes[after] ?? 0]) after++;
    if (bytes.subarray(after, after + END_STREAM.length).equals(END_STREAM)) return end;
  }
  const endKeyword = bytes.indexOf(END_STREAM, start);
  return endKeyword < 0 ? bytes.length : endKeyword;
}

/** @param {string} dictionary */
function readFilters(dictionary) {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary);
  if (!filter) return [];
  return [...(filter[1] ?? '').matchAll(/\/([A-Za-z0-9]+)/g)].map((match) => match[1]);
}

/**
 * Inflates with a hard cap. The two-byte zlib header is skipped and the data inflated raw, so
 * a wrong checksum (which zlib refuses but pdf.js ignores) cannot hide a bomb.
 * @param {Buffer} data
 * @param {number} limit
 */
function inflate(data, limit) {
  const zlibHeader =
    ((data[0] ?? 0) & 0x0f) === 8 && (((data[0] ?? 0) << 8) | (data[1] ?? 0)) % 31 === 0;
  return inflateRawSync(zlibHeader ? data.subarray(2) : data, {
    maxOutputLength: limit,
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
  const out = [];
  let group = [];
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

/**
 * The stream's decoded bytes, or undefined when a filter is one we cannot check (LZW,
 * RunLength, encrypted data): the worker's heap cap and render deadline bound those.
 * Throws a RangeError with code ERR_BUFFER_TOO_LARGE past `limit`.
 * @param {PdfStream} stream
 * @param {number} limit
 * @returns {Buffer | undefined}
 */
function decodeStream(stream, limit) {
  let data = stream.data;
  for (const filter of readFilters(stream.dictionary)) {
    try {
      if (filter === 'FlateDecode' || filter === 'Fl') data = inflate(data, limit);
      else if (filter === 'ASCIIHexDecode' || filter === 'AHx') data = decodeAsciiHex(data);
      else if (filter === 'ASCII85Decode' || filter === 'A85') data = decodeAscii85(data);
      else return undefined;
    } catch (error) {
      if (error instanceof RangeError) throw error;
      // Corrupt data: pdf.js stops at the same point, having decoded no more than zlib.
      return undefined;
    }
  }
  return data;
}

/**
 * Operators in a content stream, each character of a string counting as one more: drawing
 * text costs per glyph, and a flood of `Tj` is the cheapest bomb to write. Stops counting
 * past `max`.
 * @param {Buffer} bytes
 * @param {number} max
 */
function countOperators(bytes, max) {
  let count = 0;
  let index = 0;
  const length = bytes.length;
  while (index < length && count <= max) {
    const byte = bytes[index] ?? 0;
    if (WHITESPACE[byte]) {
      index++;
    } else if (byte === 0x25) {
      // % comment, to the end of the line
      while (index < length && bytes[index] !== 0x0a && bytes[index] !== 0x0d) index++;
    } else if (byte === 0x28) {
      // (literal string): balanced parentheses, backslash escapes
      const start = ++index;
      let depth = 1;
      while (index < length && depth > 0) {
        const inner = bytes[index];
        if (inner === 0x5c) index++;
        else if (inner === 0x28) depth++;
        else if (inner === 0x29) depth--;
        index++;
      }
      count += index - start;
    } else if (byte === 0x3c && bytes[index + 1] !== 0x3c) {
      // <hex string>: two digits per byte
      const start = index;
      const end = bytes.indexOf(0x3e, index);
      index = end < 0 ? length : end + 1;
      count += (index - start) >> 1;
    } else if (byte === 0x2f) {
      // /Name
      index++;
      while (index < length && REGULAR[bytes[index] ?? 0]) index++;
    } else if (!REGULAR[byte]) {
      // << >> [ ] { } and stray delimiters
      index++;
    } else {
      const start = index;
      while (index < length && REGULAR[bytes[index] ?? 0]) index++;
      const numeric =
        (byte >= 0x30 && byte <= 0x39) || byte === 0x2b || byte === 0x2d || byte === 0x2e;
      if (!numeric) {
        count++;
        // An inline image's data follows ID, up to EI: skip it, it is not operators.
        if (index - start === 2 && byte === 0x49 && bytes[start + 1] === 0x44) {
          index = skipInlineImage(bytes, index);
        }
      }
    }
  }
  return count;
}

/**
 * @param {Buffer} bytes
 * @param {number} from
 */
function skipInlineImage(bytes, from) {
  let at = from;
  for (;;) {
    at = bytes.indexOf('EI', at, 'latin1');
    if (at < 0) return bytes.length;
    const before = bytes[at - 1] ?? 0x20;
    const after = bytes[at + 2] ?? 0x20;
    if (WHITESPACE[before] && !REGULAR[after]) return at + 2;
    at += 2;
  }
}

/**
 * All streams together may decode to this many times the per-stream limit: many streams each
 * just under it would otherwise make the check itself the expensive part.
 */
const TOTAL_CONTENT_FACTOR = 16;

/**
 * The first reason this PDF must not be handed to pdf.js, or undefined when every stream is
 * within the limits.
 * @param {Uint8Array} file
 * @param {ContentLimits} limits
 * @returns {string | undefined}
 */
export function findContentLimitViolation(file, { maxContentBytes, maxOperators }) {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const maxTotalBytes = maxContentBytes * TOTAL_CONTENT_FACTOR;
  let total = 0;
  for (const stream of findStreams(bytes)) {
    if (NOT_DECODED_TO_RENDER.test(stream.dictionary)) continue;
    const limit = Math.min(maxContentBytes, maxTotalBytes - total);
    const tooLarge =
      limit < maxContentBytes
        ? `PDF streams decode to more than ${maxTotalBytes} bytes in all (the maximum)`
        : `PDF stream ${stream.label} decodes to more than ${maxContentBytes} bytes (the maximum)`;
    let decoded;
    try {
      decoded = decodeStream(stream, limit);
    } catch {
      return tooLarge;
    }
    if (decoded === undefined) continue;
    if (decoded.byteLength > limit) return tooLarge;
    total += decoded.byteLength;
    if (NOT_CONTENT.test(stream.dictionary)) continue;
    if (countOperators(decoded, maxOperators) > maxOperators) {
      return `PDF content stream ${stream.label} has more than ${maxOperators} operators and characters (the maximum)`;
    }
  }
  return undefined;
}
