import { deflateSync } from 'node:zlib';
import {
  inflatingPdf,
  largeImagesPdf,
  manyPagePdf,
  sharedLineArtPdf,
} from '@coursepack/hostile-files/hostile-pdfs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { describeStreamProblem, type StreamLimits, scanPdfStreams } from './scan-pdf-streams.mjs';

const MB = 1024 * 1024;
const limits: StreamLimits = {
  maxStreamBytes: MB,
  maxTotalStreamBytes: 16 * MB,
};

/** The first problem in words, as the media service answers it; undefined when there is none. */
function firstProblem(file: Uint8Array, given: StreamLimits = limits): string | undefined {
  const [problem] = scanPdfStreams(file, { ...given, stopAtFirstProblem: true }).problems;
  return problem && describeStreamProblem(problem, given);
}

/** A one-object file holding `content` as a stream with `filter` (enough for the scanner). */
function streamFile(content: Buffer, dictionary: string): Buffer {
  return Buffer.concat([
    Buffer.from(`%PDF-1.4\n4 0 obj\n<< ${dictionary} /Length ${content.length} >>\nstream\n`),
    content,
    Buffer.from('\nendstream\nendobj\n%%EOF\n'),
  ]);
}

describe('scanPdfStreams: problems', () => {
  it('accepts ordinary documents', async () => {
    expect(firstProblem(await manyPagePdf(20, 40), limits)).toBeUndefined();
  });

  it('refuses a content stream inflating past the byte limit, without inflating it all', async () => {
    const bomb = await inflatingPdf({ inflatedBytes: 100 * MB });
    expect(bomb.byteLength).toBeLessThan(400_000);
    expect(firstProblem(bomb, limits)).toMatch(
      /^PDF stream \d+ 0 decodes to more than 1048576 bytes \(the maximum\)$/,
    );
  });

  it('accepts drawings of many cheap operators: what a page costs is bounded where it is drawn', async () => {
    // The media service's default stream limit.
    const media = { maxStreamBytes: 16 * MB, maxTotalStreamBytes: 256 * MB };
    // A technical drawing: 50,000 stroked segments, 150,000 operators in one stream.
    const drawing = await sharedLineArtPdf({ pages: 2, segments: 50_000 });
    expect(firstProblem(drawing, media)).toBeUndefined();
    // 4 MB of tiny filled rectangles: 1.4 million operators.
    const paths = await inflatingPdf({ inflatedBytes: 4 * MB, operator: 'paths' });
    expect(firstProblem(paths, media)).toBeUndefined();
  });

  it('sees through a wrong zlib checksum and ASCII85 / hex encodings', () => {
    // Just over the byte limit once decoded, a few KB before.
    const flood = Buffer.from('10 10 1 1 re f\n'.repeat(70_000));
    const deflated = deflateSync(flood);
    const last = deflated.length - 1;
    deflated.writeUInt8(deflated.readUInt8(last) ^ 0xff, last);
    expect(firstProblem(streamFile(deflated, '/Filter /FlateDecode'), limits)).toMatch(
      /decodes to more than 1048576 bytes/,
    );
    const hex = Buffer.from(`${deflateSync(flood).toString('hex')}>`);
    expect(firstProblem(streamFile(hex, '/Filter [/AHx /Fl]'), limits)).toMatch(
      /decodes to more than 1048576 bytes/,
    );
  });

  it.each([
    { filterSpelling: 'F' },
    { filterSpelling: 'indirect' },
    { filterSpelling: 'indirect-array' },
    { subtype: 'Image' },
  ] as const)(
    'reads the 100 MB text flood as pdf.js does when it is spelled %o',
    async (spelling) => {
      const bomb = await inflatingPdf({ inflatedBytes: 100 * MB, ...spelling });
      expect(bomb.byteLength).toBeLessThan(400_000);
      expect(firstProblem(bomb, limits)).toMatch(
        /^PDF stream \d+ 0 decodes to more than 1048576 bytes \(the maximum\)$/,
      );
    },
  );

  it('reads filters as pdf.js does: escaped names, unknown names passed through, F before Filter', () => {
    const flood = deflateSync(Buffer.from('10 10 1 1 re f\n'.repeat(70_000)));
    const refused = /decodes to more than 1048576 bytes/;
    const page = (dictionary: string) =>
      Buffer.concat([
        Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Page /Contents 4 0 R >>\nendobj\n'),
        streamFile(flood, dictionary).subarray(9),
      ]);
    expect(firstProblem(page('/Filter /Fl#61teDecode'))).toMatch(refused);
    expect(firstProblem(page('/Filter [/NoSuchFilter /FlateDecode]'))).toMatch(refused);
    // pdf.js takes F and never looks at Filter, so a decoy Filter must not hide the flood.
    expect(firstProblem(page('/Filter /LZWDecode /F /FlateDecode'))).toMatch(refused);
    // Labels that mark a stream as not content do not stop its size being measured.
    expect(firstProblem(page('/Filter /FlateDecode /Length1 5 /Type /Metadata'))).toMatch(refused);
    expect(firstProblem(page('/Filter /FlateDecode /Type /ObjStm /N 1 /First 0'))).toMatch(refused);
  });

  it('skips images, which pdf.js bounds by their pixels', () => {
    const image = streamFile(
      deflateSync(Buffer.alloc(4 * MB)),
      '/Subtype /Image /Filter /FlateDecode',
    );
    expect(firstProblem(image, limits)).toBeUndefined();
  });

  it('bounds the streams decoded in all, so many streams just under the limit are refused', () => {
    const stream = (number: number) =>
      Buffer.concat([
        Buffer.from(`${number} 0 obj\n<< /Filter /FlateDecode >>\nstream\n`),
        deflateSync(Buffer.alloc(MB - 1, 0x20)),
        Buffer.from('\nendstream\nendobj\n'),
      ]);
    const file = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      ...Array.from({ length: 17 }, (_, index) => stream(index + 1)),
    ]);
    expect(firstProblem(file, limits)).toBe(
      'PDF streams decode to more than 16777216 bytes in all (the maximum)',
    );
    expect(firstProblem(file.subarray(0, file.length / 2), limits)).toBeUndefined();
  });
});

/** The object numbers of a PDF's pages, in order, as pdf.js would report them. */
async function pageObjectNumbers(bytes: Uint8Array): Promise<number[]> {
  return (await PDFDocument.load(bytes)).getPages().map((page) => page.ref.objectNumber);
}

describe('scanPdfStreams: pages and their content', () => {
  const reading = { maxStreamBytes: 2 * MB, maxTotalStreamBytes: 64 * MB };

  it('measures each page’s content, pages packed in object streams included', async () => {
    const bytes = await manyPagePdf(3, 10);
    const scan = scanPdfStreams(bytes, reading);
    expect(scan.problems).toEqual([]);
    for (const number of await pageObjectNumbers(bytes)) {
      expect(scan.pageContentBytes(number)).toBeGreaterThan(500);
      expect(scan.pageContentBytes(number)).toBeLessThan(5_000);
    }
    expect(scan.pageContentBytes(999_999)).toBeUndefined();
  });

  it('goes on past a stream too large, so its page is found after it', async () => {
    const bomb = await inflatingPdf({ inflatedBytes: 3 * MB, pages: 2, operator: 'paths' });
    const packed = await (await PDFDocument.load(bomb)).save({ useObjectStreams: true });
    const scan = scanPdfStreams(packed, reading);
    expect(scan.problems).toEqual([{ code: 'streamTooLarge', stream: expect.any(String) }]);
    const [first, second] = await pageObjectNumbers(packed);
    expect(scan.pageContentBytes(first ?? -1)).toBe(Number.POSITIVE_INFINITY);
    expect(scan.pageContentBytes(second ?? -1)).toBe(Number.POSITIVE_INFINITY);
  });

  it('sums a page’s content streams, listed in an array or behind a reference to one', () => {
    const file = Buffer.concat([
      Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Page /Contents [4 0 R 5 0 R] >>\nendobj\n'),
      Buffer.from('2 0 obj\n<< /Type /Page /Contents 3 0 R >>\nendobj\n3 0 obj\n[4 0 R]\nendobj\n'),
      streamFile(Buffer.from('0 0 m 1 1 l S\n'), '').subarray(9),
      Buffer.from('5 0 obj\n<< /Length 6 >>\nstream\nq Q f\n\nendstream\nendobj\n'),
    ]);
    const scan = scanPdfStreams(file, reading);
    expect(scan.pageContentBytes(1)).toBe(14 + 6);
    expect(scan.pageContentBytes(2)).toBe(14);
  });

  it('lets an object rewritten at the top level win over its packed version', async () => {
    const bytes = await manyPagePdf(1, 1);
    const [page] = await pageObjectNumbers(bytes);
    const update = Buffer.from(`\n${page} 0 obj\n<< /Type /Page >>\nendobj\n`);
    expect(scanPdfStreams(bytes, reading).pageContentBytes(page ?? -1)).toBeGreaterThan(0);
    expect(
      scanPdfStreams(Buffer.concat([bytes, update]), reading).pageContentBytes(page ?? -1),
    ).toBe(0);
  });
});

describe('scanPdfStreams: the images a page draws', () => {
  it('adds up the pixels of a page’s images, which pdf.js decodes whole', async () => {
    const bytes = await largeImagesPdf({ images: 3, side: 500 });
    const [page] = await pageObjectNumbers(bytes);
    expect(scanPdfStreams(bytes, limits).pageImagePixels(page ?? -1)).toBe(3 * 500 * 500);
    expect(scanPdfStreams(bytes, limits).pageImagePixels(999_999)).toBeUndefined();
  });

  it('follows inherited resources, forms, soft masks and abbreviations, counting each image once', () => {
    const image = (number: number, size: string, extra = '') =>
      `${number} 0 obj\n<< /Type /XObject /Subtype /Image ${size} ${extra} /Length 1 >>\nstream\nx\nendstream\nendobj\n`;
    const file = Buffer.from(
      [
        '%PDF-1.4\n',
        '1 0 obj\n<< /Type /Pages /Kids [2 0 R] /Resources << /XObject 3 0 R >> >>\nendobj\n',
        '2 0 obj\n<< /Type /Page /Parent 1 0 R /Contents 9 0 R >>\nendobj\n',
        '3 0 obj\n<< /Im0 4 0 R /Im1 4 0 R /Fm0 5 0 R >>\nendobj\n',
        image(4, '/Width 30 /Height 30'),
        '5 0 obj\n<< /Subtype /Form /Resources << /XObject << /Im2 6 0 R /Im0 4 0 R >> >> /Length 1 >>\nstream\nx\nendstream\nendobj\n',
        // pdf.js reads W before Width: the declared Width must not hide the real size.
        image(6, '/W 100 /H 10 /Width 1 /Height 1', '/SMask 7 0 R'),
        image(7, '/Width 10 /Height 20'),
        '9 0 obj\n<< /Length 12 >>\nstream\n/Im0 Do /Fm0\nendstream\nendobj\n',
      ].join(''),
    );
    expect(scanPdfStreams(file, limits).pageImagePixels(2)).toBe(900 + 1_000 + 200);
  });
});

describe('scanPdfStreams: what it cannot measure, and its own cost', () => {
  it('reports streams behind filters it cannot decode as unmeasured', () => {
    const file = streamFile(Buffer.from('\x80\x0b\x60\x50'), '/Filter /LZWDecode');
    expect(scanPdfStreams(file, limits)).toMatchObject({ problems: [], unmeasured: ['4 0'] });
  });

  it('counts what decoding a stream too large cost, so many bombs end at the total', () => {
    const bomb = deflateSync(Buffer.alloc(2 * MB));
    const file = Buffer.concat(
      Array.from({ length: 20 }, (_, index) =>
        Buffer.concat([
          Buffer.from(`${index + 1} 0 obj\n<< /Filter /FlateDecode >>\nstream\n`),
          bomb,
          Buffer.from('\nendstream\nendobj\n'),
        ]),
      ),
    );
    const { problems } = scanPdfStreams(file, limits);
    expect(problems).toHaveLength(17);
    expect(problems.at(-1)).toEqual({ code: 'totalTooLarge' });
    expect(scanPdfStreams(file, { ...limits, stopAtFirstProblem: true }).problems).toEqual([
      { code: 'streamTooLarge', stream: '1 0' },
    ]);
  });

  it('stays linear on files built to make a scanner search again and again', () => {
    const headers = Buffer.from('1 0 obj\n<< /Length 1 >>\n'.repeat(200_000));
    const digits = Buffer.alloc(4 * MB, '7');
    const streams = Buffer.from('1 0 obj\n<< >>\nstream\nx\nendstream\n'.repeat(200_000));
    const started = performance.now();
    for (const file of [headers, digits, streams]) {
      expect(scanPdfStreams(file, limits).problems).toEqual([]);
    }
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
