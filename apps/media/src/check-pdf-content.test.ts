import { deflateSync } from 'node:zlib';
import { inflatingPdf, manyPagePdf } from '@coursepack/hostile-files/hostile-pdfs';
import { describe, expect, it } from 'vitest';
import { findContentLimitViolation } from './check-pdf-content.mjs';

const limits = { maxContentBytes: 1024 * 1024, maxOperators: 20_000 };

/** A one-object file holding `content` as a stream with `filter` (enough for the scanner). */
function streamFile(content: Buffer, dictionary: string): Buffer {
  return Buffer.concat([
    Buffer.from(`%PDF-1.4\n4 0 obj\n<< ${dictionary} /Length ${content.length} >>\nstream\n`),
    content,
    Buffer.from('\nendstream\nendobj\n%%EOF\n'),
  ]);
}

function encodeAscii85(bytes: Buffer): string {
  let text = '';
  for (let offset = 0; offset < bytes.length; offset += 4) {
    const chunk = Buffer.alloc(4);
    bytes.copy(chunk, 0, offset, offset + 4);
    let value = chunk.readUInt32BE(0);
    const digits: string[] = [];
    for (let index = 0; index < 5; index++) {
      digits.unshift(String.fromCharCode(33 + (value % 85)));
      value = Math.floor(value / 85);
    }
    text += digits.slice(0, Math.min(4, bytes.length - offset) + 1).join('');
  }
  return text;
}

describe('findContentLimitViolation', () => {
  it('accepts ordinary documents', async () => {
    expect(findContentLimitViolation(await manyPagePdf(20, 40), limits)).toBeUndefined();
  });

  it('refuses a content stream inflating past the byte limit, without inflating it all', async () => {
    const bomb = await inflatingPdf({ inflatedBytes: 100 * 1024 * 1024 });
    expect(bomb.byteLength).toBeLessThan(400_000);
    expect(findContentLimitViolation(bomb, limits)).toMatch(
      /^PDF stream \d+ 0 decodes to more than 1048576 bytes \(the maximum\)$/,
    );
  });

  it('refuses a content stream with too many operators', async () => {
    const paths = await inflatingPdf({ inflatedBytes: 512 * 1024, operator: 'paths' });
    expect(findContentLimitViolation(paths, limits)).toMatch(
      /^PDF content stream \d+ 0 has more than 20000 operators and characters/,
    );
  });

  it('counts shown characters, so a text flood under the operator count is refused', async () => {
    // ~7 000 units of 5 operators each, but 30+ characters shown per unit.
    const text = await inflatingPdf({ inflatedBytes: 500 * 1024, operator: 'text' });
    expect(findContentLimitViolation(text, { ...limits, maxOperators: 100_000 })).toMatch(
      /operators and characters/,
    );
  });

  it('sees through a wrong zlib checksum and ASCII85 / hex encodings', () => {
    const flood = Buffer.from('10 10 1 1 re f\n'.repeat(15_000));
    const deflated = deflateSync(flood);
    const last = deflated.length - 1;
    deflated.writeUInt8(deflated.readUInt8(last) ^ 0xff, last);
    expect(findContentLimitViolation(streamFile(deflated, '/Filter /FlateDecode'), limits)).toMatch(
      /has more than 20000 operators/,
    );
    const hex = Buffer.from(`${deflateSync(flood).toString('hex')}>`);
    expect(findContentLimitViolation(streamFile(hex, '/Filter [/AHx /Fl]'), limits)).toMatch(
      /has more than 20000 operators/,
    );
  });

  it('skips images and does not count tokens of fonts', () => {
    const image = streamFile(
      deflateSync(Buffer.alloc(4 * 1024 * 1024)),
      '/Subtype /Image /Filter /FlateDecode',
    );
    expect(findContentLimitViolation(image, limits)).toBeUndefined();
    const font = streamFile(Buffer.from('a '.repeat(30_000)), '/Length1 60000');
    expect(findContentLimitViolation(font, limits)).toBeUndefined();
  });

  it('bounds the streams decoded in all, so many streams just under the limit are refused', () => {
    const stream = (number: number) =>
      Buffer.concat([
        Buffer.from(`${number} 0 obj\n<< /Filter /FlateDecode >>\nstream\n`),
        deflateSync(Buffer.alloc(1024 * 1024 - 1, 0x20)),
        Buffer.from('\nendstream\nendobj\n'),
      ]);
    const file = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      ...Array.from({ length: 17 }, (_, index) => stream(index + 1)),
    ]);
    expect(findContentLimitViolation(file, limits)).toBe(
      'PDF streams decode to more than 16777216 bytes in all (the maximum)',
    );
    expect(findContentLimitViolation(file.subarray(0, file.length / 2), limits)).toBeUndefined();
  });
});
