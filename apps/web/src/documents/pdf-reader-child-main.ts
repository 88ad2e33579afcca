import type { PdfReaderRequest } from './read-pdf-in-child';
import { checkPdfOpens, type PdfReading, readPdfText } from './read-pdf-text';

/**
 * The entry point of the child process read-pdf-in-child.ts starts: one request in, one reading
 * out; the parent then kills it. A crash, a full heap or the deadline's SIGKILL ends only this
 * process.
 */
process.once('message', async (request: PdfReaderRequest) => {
  const reading: PdfReading =
    request.task === 'open'
      ? await checkPdfOpens(request.bytes)
      : await readPdfText(request.bytes, request.limits);
  process.send?.(reading);
});

// Its parent is gone (crashed, or restarted): nobody waits for the reading, and nobody would
// kill this process at the deadline.
process.once('disconnect', () => process.exit(1));
