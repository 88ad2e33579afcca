/**
 * What a JPEG file says about itself before any of it is decoded: its frame header (size,
 * components, precision, coding) and whether it carries an Exif block. Read from the markers
 * only, so a file claiming a billion pixels costs nothing to look at.
 */
export interface JpegFrame {
  width: number;
  height: number;
  /** 1 grey, 3 YCbCr or RGB, 4 CMYK or YCCK. */
  components: number;
  /** Bits per sample: 8 for almost every JPEG, 12 for some medical ones. */
  precision: number;
  /** Baseline or extended sequential, or progressive, Huffman-coded: what every decoder reads. */
  huffman: boolean;
  /** An APP1 Exif block, which may carry an orientation some decoders apply and PDF ignores. */
  exif: boolean;
}

const START_OF_IMAGE = 0xd8;
const START_OF_SCAN = 0xda;
const APP1 = 0xe1;
/** Start-of-frame markers: 0xc0–0xcf except DHT (c4), JPG (c8) and DAC (cc). */
const START_OF_FRAME = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);
const HUFFMAN_FRAMES = new Set([0xc0, 0xc1, 0xc2]);
/** Markers without a length: TEM and the restart markers. */
function standsAlone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}
const EXIF = Buffer.from('Exif\0', 'latin1');

/** The frame header of a JPEG file, or undefined when the bytes are not one up to its frame. */
export function readJpegFrame(bytes: Uint8Array): JpegFrame | undefined {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data[0] !== 0xff || data[1] !== START_OF_IMAGE) return undefined;
  let exif = false;
  let at = 2;
  // Every step moves past a marker and its segment: the loop ends within the file.
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (standsAlone(marker)) {
      at += 2;
      continue;
    }
    const length = data.readUInt16BE(at + 2);
    if (length < 2) return undefined;
    const segment = at + 4;
    if (marker === APP1 && data.subarray(segment, segment + EXIF.length).equals(EXIF)) exif = true;
    if (START_OF_FRAME.has(marker)) {
      if (segment + 6 > data.length) return undefined;
      return {
        precision: data[segment] as number,
        height: data.readUInt16BE(segment + 1),
        width: data.readUInt16BE(segment + 3),
        components: data[segment + 5] as number,
        huffman: HUFFMAN_FRAMES.has(marker),
        exif,
      };
    }
    // Image data before any frame header: not a JPEG a decoder would read.
    if (marker === START_OF_SCAN) return undefined;
    at = segment + length - 2;
  }
  return undefined;
}
