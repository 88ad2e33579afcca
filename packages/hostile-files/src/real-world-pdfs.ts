import { createHash } from 'node:crypto';

/**
 * PDFs as real producers leave them, built by hand for tests (nothing committed): a damaged
 * cross-reference table, an incremental update, a linearized file, and one encrypted with an
 * empty user password. pdf.js reads each of them; so must everything that stands before it.
 */

/** The text each of these files shows on its one page (the updated one shows UPDATED_TEXT). */
export const REAL_WORLD_TEXT = 'Zorblax field notes';
export const UPDATED_TEXT = 'Zorblax revised notes';

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

function pageContent(text: string): string {
  return `BT /F1 24 Tf 72 700 Td (${text}) Tj ET`;
}

function streamObject(content: string): string {
  return `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
}

/** Catalog, pages, page, font and content, numbered 1–5. */
function onePageObjects(text: string): string[] {
  return [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    FONT,
    streamObject(pageContent(text)),
  ];
}

function xrefEntry(offset: number): string {
  return `${String(offset).padStart(10, '0')} 00000 n \n`;
}

/**
 * A hand-written PDF of `objects` (numbered from 1) with its cross-reference table; `trailer`
 * is added to the trailer dictionary. `offsetError` shifts every offset the table gives (a
 * file whose table a careless tool or a text-mode transfer left wrong).
 */
export function handWrittenPdf(
  objects: string[],
  trailer = '',
  { offsetError = 0 }: { offsetError?: number } = {},
): Uint8Array<ArrayBuffer> {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => xrefEntry(offset + offsetError)).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer} >>\nstartxref\n${xref + offsetError}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** A one-page PDF whose cross-reference table points 37 bytes off for every object. */
export function brokenXrefPdf(): Uint8Array<ArrayBuffer> {
  return handWrittenPdf(onePageObjects(REAL_WORLD_TEXT), '', { offsetError: 37 });
}

/**
 * A one-page PDF saved again with an incremental update, as an editor saves a change: the new
 * page content is appended with its own cross-reference section, which names the first (/Prev).
 */
export function incrementallyUpdatedPdf(): Uint8Array<ArrayBuffer> {
  const original = Buffer.from(handWrittenPdf(onePageObjects(REAL_WORLD_TEXT)));
  const text = original.toString('latin1');
  const previous = Number(/startxref\n(\d+)/.exec(text)?.[1]);
  let update = `6 0 obj\n${streamObject(pageContent(UPDATED_TEXT))}\nendobj\n`;
  update +=
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 6 0 R >>\nendobj\n';
  const sixAt = original.length;
  const threeAt = sixAt + update.indexOf('3 0 obj');
  const xref = original.length + Buffer.byteLength(update, 'latin1');
  update += `xref\n0 1\n0000000000 65535 f \n3 1\n${xrefEntry(threeAt)}6 1\n${xrefEntry(sixAt)}`;
  update += `trailer\n<< /Size 7 /Root 1 0 R /Prev ${previous} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.concat([original, Buffer.from(update, 'latin1')]));
}

/**
 * A one-page PDF laid out as a linearized ("fast web view") file: the linearization dictionary
 * first, the first page's cross-reference section at the start with the main one at the end,
 * and the last `startxref` pointing back at the first.
 */
export function linearizedPdf(): Uint8Array<ArrayBuffer> {
  const objects = onePageObjects(REAL_WORLD_TEXT);
  // Numbers 1–5 as elsewhere; the linearization dictionary is object 6, written first.
  const head = '%PDF-1.4\n';
  // Offsets depend on the dictionary's length, which holds offsets: fixed-width numbers.
  const width = (value: number) => String(value).padStart(10, '0');
  const build = (length: number, endOfFirstPage: number, mainXref: number) => {
    let out = head;
    const linearization = `6 0 obj\n<< /Linearized 1 /L ${width(length)} /H [ ${width(1)} ${width(1)} ] /O 3 /E ${width(endOfFirstPage)} /N 1 /T ${width(mainXref)} >>\nendobj\n`;
    out += linearization;
    const firstXref = Buffer.byteLength(out, 'latin1');
    // The first-page section lists object 6 and the page's objects 1–5, filled in below.
    const offsets: number[] = [];
    let body = '';
    const firstPageSection = (entries: number[]) =>
      `xref\n1 6\n${entries.map((offset) => xrefEntry(offset)).join('')}trailer\n<< /Size 7 /Root 1 0 R /Prev ${width(mainXref)} >>\nstartxref\n0\n%%EOF\n`;
    const sectionLength = Buffer.byteLength(firstPageSection([0, 0, 0, 0, 0, 0]), 'latin1');
    let at = firstXref + sectionLength;
    objects.forEach((object, index) => {
      offsets.push(at);
      const written = `${index + 1} 0 obj\n${object}\nendobj\n`;
      body += written;
      at += Buffer.byteLength(written, 'latin1');
    });
    out += firstPageSection([...offsets, head.length]);
    out += body;
    const end = Buffer.byteLength(out, 'latin1');
    out += `xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 7 >>\nstartxref\n${firstXref}\n%%EOF\n`;
    return { out, end };
  };
  // Twice: the second pass knows where everything is.
  const first = build(0, 0, 0);
  const second = build(Buffer.byteLength(first.out, 'latin1'), first.end, first.end);
  return new Uint8Array(Buffer.from(second.out, 'latin1'));
}

/** The standard security handler's padding (PDF 32000-1, 7.6.3.3, Algorithm 2). */
const PASSWORD_PADDING = Buffer.from(
  '28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a',
  'hex',
);

/** RC4, which the standard security handler's revision 2 uses (OpenSSL 3 no longer offers it). */
function rc4(key: Buffer, data: Buffer): Buffer {
  const state = Array.from({ length: 256 }, (_, index) => index);
  let j = 0;
  for (let i = 0; i < 256; i += 1) {
    j = (j + (state[i] ?? 0) + (key[i % key.length] ?? 0)) & 255;
    [state[i], state[j]] = [state[j] ?? 0, state[i] ?? 0];
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let index = 0; index < data.length; index += 1) {
    i = (i + 1) & 255;
    j = (j + (state[i] ?? 0)) & 255;
    [state[i], state[j]] = [state[j] ?? 0, state[i] ?? 0];
    out[index] = (data[index] ?? 0) ^ (state[((state[i] ?? 0) + (state[j] ?? 0)) & 255] ?? 0);
  }
  return out;
}

const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();

/**
 * A one-page PDF encrypted (RC4, 40-bit, revision 2) with an empty user password and an owner
 * password, as "protected" exports that forbid editing or printing are: anyone may open it,
 * and every reader does without asking.
 */
export function emptyPasswordEncryptedPdf(): Uint8Array<ArrayBuffer> {
  const fileId = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
  const permissions = -44;
  // Algorithm 3: the owner entry, from the owner password ("owner").
  const ownerKey = md5(Buffer.concat([Buffer.from('owner'), PASSWORD_PADDING]).subarray(0, 32));
  const owner = rc4(ownerKey.subarray(0, 5), PASSWORD_PADDING);
  // Algorithm 2: the file key, from the (empty) user password.
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const fileKey = md5(PASSWORD_PADDING, owner, p, fileId).subarray(0, 5);
  // Algorithm 4: the user entry.
  const user = rc4(fileKey, PASSWORD_PADDING);
  const objectKey = (number: number) => {
    const suffix = Buffer.from([number & 255, (number >> 8) & 255, (number >> 16) & 255, 0, 0]);
    return md5(fileKey, suffix).subarray(0, 10);
  };
  const content = rc4(objectKey(5), Buffer.from(pageContent(REAL_WORLD_TEXT), 'latin1'));
  const objects = onePageObjects(REAL_WORLD_TEXT);
  objects[4] = `<< /Length ${content.length} >>\nstream\n${content.toString('latin1')}\nendstream`;
  objects.push(
    `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P ${permissions} >>`,
  );
  const id = fileId.toString('hex');
  return handWrittenPdf(objects, `/Encrypt 6 0 R /ID [<${id}> <${id}>]`);
}
